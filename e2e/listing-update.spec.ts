import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/**
 * A live listing follows an edit only when the seller updates it (decision 0023): the item is
 * listed on the sandbox's eBay and Shopify, the seller types a new price, both listings are
 * marked out of date, and "Update 2 live listings" sends the price to both; the marks clear and
 * each marketplace's own listing page shows the new price.
 *
 * The item is the sixth listable demo item from the start: the cross-listing journey takes the
 * first, and the journeys that take theirs from the end never reach it.
 */
test.describe('updating live listings', () => {
  test('a seller changes the price of an item listed on eBay and Shopify and updates both', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const item = await findListableItem(page.request, {
      marketplaces: ['ebay', 'shopify'],
      from: 'first',
      skip: 5,
      maxPrice: 2000,
    });
    for (const marketplace of ['ebay', 'shopify']) {
      const queued = await page.request.put(
        `/api/rest/v1/item/${encodeURIComponent(item.itemID)}/status`,
        {
          headers: { Origin: baseURL! },
          data: { userId: item.userID, marketplace, status: 'queue', operation: 'list' },
        },
      );
      expect(queued.status(), await queued.text()).toBe(202);
    }

    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const row = (name: string) => panel.getByRole('listitem').filter({ hasText: name });
    for (const name of ['eBay', 'Shopify']) {
      await expect(row(name).getByText('Listed', { exact: true })).toBeVisible({
        timeout: 45_000,
      });
      await expect(row(name).getByText('Out of date')).toBeHidden();
    }
    const update = panel.getByRole('button', { name: /^Update \d+ live listings?$/ });
    await expect(update).toBeHidden();

    // The seller types the new price, cents and all.
    const price = page.getByRole('textbox', { name: /^Price/ });
    await price.click();
    await price.press('ControlOrMeta+a');
    await price.press('Backspace');
    await price.pressSequentially('1234.56');
    await expect(price).toHaveValue(/1,?234\.56/);
    await expect(page.getByText('Saved', { exact: true })).toBeVisible({ timeout: 15_000 });

    for (const name of ['eBay', 'Shopify']) {
      await expect(row(name).getByText('Out of date')).toBeVisible({ timeout: 15_000 });
      await expect(row(name).getByText('Listed', { exact: true })).toBeVisible();
    }
    await expect(panel.getByRole('button', { name: 'Update 2 live listings' })).toBeVisible();
    await panel.getByRole('button', { name: 'Update 2 live listings' }).click();

    for (const name of ['eBay', 'Shopify']) {
      await expect(row(name).getByText('Out of date')).toBeHidden({ timeout: 30_000 });
      await expect(row(name).getByText('Listed', { exact: true })).toBeVisible();
    }
    await expect(update).toBeHidden();

    // Each marketplace's own page shows the new price.
    for (const name of ['eBay', 'Shopify']) {
      const href = await row(name)
        .getByRole('link', { name: `View on ${name}` })
        .getAttribute('href');
      const listingPage = await page.request.get(href!);
      expect(listingPage.ok(), name).toBe(true);
      expect(await listingPage.text(), name).toContain('1234.56');
    }

    // The history of the eBay listing says it was updated, by the eBay connection.
    await row('eBay').getByRole('button', { name: 'eBay' }).click();
    const history = page.getByRole('table', { name: 'History on eBay' });
    await expect(history.getByRole('row').filter({ hasText: 'Update queued' })).toContainText(
      'You',
    );
    await expect(history.getByRole('row').filter({ hasText: 'Updated' })).toContainText(
      'eBay connection',
    );
  });
});
