import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/**
 * Sale detection end to end, in sandbox mode (the demo is connected to the emulated eBay,
 * Shopify and Etsy): an item listed on all three sells on Shopify, bought from its product
 * page as a buyer would; Shopify sends ListLoop its real, signed orders/create webhook, and the
 * seller sees the item taken down on eBay and Etsy, in the item editor and on the Sales screen.
 *
 * The item is the fourth listable demo item from the end: the sandbox journey lists the last
 * one on eBay and Shopify, and the cross-listing journey takes the first.
 */
const MARKETPLACES = ['ebay', 'shopify', 'etsy'] as const;

async function openSales(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Sales' })
    .click();
  await expect(page).toHaveURL(onPath('/app/sales'));
  await expect(page.getByRole('heading', { name: 'Sales', level: 1 })).toBeVisible();
}

test.describe('sale detection', () => {
  test('an item listed on eBay, Shopify and Etsy sells on Shopify and comes down on the other two', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signInAsDemo(page);
    const item = await findListableItem(page.request, {
      marketplaces: MARKETPLACES,
      from: 'last',
      skip: 3,
    });
    const title = item.generalDetails.title;

    // Listed on the three by the listing engine's own call, as the item editor makes it.
    for (const marketplace of MARKETPLACES) {
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
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const row = (name: string) => panel.getByRole('listitem').filter({ hasText: name });
    for (const name of ['eBay', 'Shopify', 'Etsy']) {
      await expect(row(name).getByText('Listed', { exact: true })).toBeVisible({
        timeout: 45_000,
      });
    }

    // A buyer opens the Shopify product page and buys it.
    const [product] = await Promise.all([
      page.context().waitForEvent('page'),
      row('Shopify').getByRole('link', { name: 'View on Shopify' }).click(),
    ]);
    await expect(product.getByRole('heading', { name: title })).toBeVisible();
    await product.getByRole('button', { name: 'Simulate a sale' }).click();
    // The emulated store created the order and sent orders/create to each subscription (one
    // per connection of the store: another journey may have connected it again).
    await expect(product.getByText(/^Sold: order .+ sent to \d+ subscribers?\.$/)).toBeVisible();
    await product.close();

    // The item editor: sold on Shopify, delisted on eBay and Etsy. The webhook is handled
    // in the background, so the page is read again until the sale has reached it; from then
    // on it follows the delists by itself.
    await expect(async () => {
      await page.reload();
      await expect(row('Shopify').getByText('Sold', { exact: true })).toBeVisible({
        timeout: 2_000,
      });
    }).toPass({ timeout: 30_000 });
    for (const name of ['eBay', 'Etsy']) {
      await expect(row(name).getByText('Delisted', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
    }

    // The Sales screen: the sale with what it did on each other marketplace.
    await openSales(page);
    const sale = page.getByRole('article', { name: title });
    await expect(sale).toBeVisible();
    await expect(sale.getByText('Sold on Shopify', { exact: true })).toBeVisible();
    await expect(sale.getByText('Reported by Shopify', { exact: true })).toBeVisible();
    await expect(sale.getByText('1 unit sold, none left', { exact: true })).toBeVisible();
    const outcomes = sale.getByRole('list', { name: 'On your other marketplaces' });
    for (const marketplace of ['ebay', 'etsy']) {
      const outcome = outcomes.getByTestId(`sale-outcome-${marketplace}`);
      await expect(outcome.getByText('Delisted', { exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expect(outcome.getByText(/^in [\d.]+ (sec|min)$/)).toBeVisible();
    }
    // The sandbox demo keeps Depop details on every item without listing it there.
    await expect(
      outcomes.getByTestId('sale-outcome-depop').getByText('Not listed', { exact: true }),
    ).toBeVisible();
    await expect(outcomes.getByRole('listitem')).toHaveCount(3);

    // What ListLoop did, step by step, under the names the server's logs use.
    await sale.getByRole('button', { name: 'Show what ListLoop did' }).click();
    const steps = sale.getByRole('list', { name: 'What ListLoop did for this sale' });
    await expect(steps).toBeVisible();
    await expect(steps.getByText('Recorded the sale', { exact: true })).toBeVisible();
    await expect(steps.getByText('Marked the item sold', { exact: true })).toBeVisible();
    await expect(
      steps.getByText(/^Queued the delists on (eBay and Etsy|Etsy and eBay)$/),
    ).toBeVisible();
    await expect(
      steps.getByTestId('sale-step-queue-delists').getByText('queue-delists'),
    ).toBeVisible();
    await expect(steps.getByText(/^Notified the item.s owner$/)).toBeVisible();
    await expectNoSeriousAxeViolations(page, "Sales, a sale's steps open");
    await sale.getByRole('button', { name: 'Hide what ListLoop did' }).click();
    await expect(sale.getByRole('button', { name: 'Show what ListLoop did' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    // The title leads to the item.
    await sale.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(onPath(`/app/inventory/${item.itemID}`));
    await page.goBack();
    await expect(page).toHaveURL(onPath('/app/sales'));

    // Dismissed: it stays in the history, marked, and leaves the open ones.
    await sale.getByRole('button', { name: `Dismiss the sale of ${title}` }).click();
    await expect(sale.getByText('Dismissed', { exact: true })).toBeVisible();
    await expect(sale.getByRole('button', { name: `Dismiss the sale of ${title}` })).toHaveCount(0);
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.getByText('Open', { exact: true }).click();
    await expect(show.getByRole('radio', { name: 'Open' })).toBeChecked();
    await expect(page).toHaveURL((url) => url.searchParams.get('state') === 'open');
    await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    await show.getByText('Dismissed', { exact: true }).click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('the Sales screen fits the screen', async ({ page }) => {
      await signInAsDemo(page);
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await openSales(page);
      await expect(page.getByRole('group', { name: 'Filter sales' })).toBeVisible();
      // The list, or the empty state when this runs alone, is there once loaded.
      await expect(
        page
          .getByRole('list', { name: 'Sales of the last 30 days' })
          .or(page.getByRole('heading', { name: 'No sales in the last 30 days' })),
      ).toBeVisible();
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});
