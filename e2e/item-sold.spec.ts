import { expect, test, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/**
 * An item sells while its page is open, in sandbox mode: cross-listed to Shopify (the demo is
 * connected to the emulated store) and Poshmark (worked by the browser extension, so its list
 * waits there), it is bought on Shopify. The open page shows, without a reload, that it sold,
 * that Poshmark's list was stopped before it went live, and refuses to cross-list it; the Sales
 * screen says the same. Then the seller has two more and raises the quantity; a teammate sells
 * one in person (the page, with nothing waiting for a job, still follows), and the seller
 * records the last one sold in person, typing the price with its cents.
 *
 * The item is the third listable demo item from the start that Poshmark would take (a size,
 * a brand, a colour): the cross-listing journey takes the first.
 */
const MARKETPLACES = ['shopify', 'poshmark'] as const;

async function connectPoshmark(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Marketplaces' })
    .click();
  await expect(page).toHaveURL(onPath('/app/marketplaces'));
  const poshmark = page.getByRole('region', { name: 'Poshmark', exact: true });
  await poshmark.getByRole('button', { name: 'Connect an account on Poshmark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect an account on Poshmark' });
  // The nickname it suggests will do.
  await dialog.getByRole('button', { name: 'Connect account' }).click();
  await expect(dialog).toBeHidden();
  await expect(poshmark.getByText('Connected', { exact: true }).first()).toBeVisible();
}

test.describe('an item sold while its page is open', () => {
  test('sells on Shopify: the page and the Sales screen say it sold and that Poshmark never went up; then a sale in person', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(180_000);
    await signInAsDemo(page);
    const item = await findListableItem(page.request, {
      marketplaces: MARKETPLACES,
      from: 'first',
      skip: 2,
      where: (candidate) =>
        candidate.generalDetails.size.trim() !== '' &&
        candidate.generalDetails.brand.trim() !== '' &&
        candidate.generalDetails.primaryColor !== null,
    });
    const title = item.generalDetails.title;
    const itemPath = `/api/account/item/${encodeURIComponent(item.userID)}/${encodeURIComponent(item.itemID)}`;

    await connectPoshmark(page);
    // What Poshmark needs beyond the item's details: the original price (seeded; the listing
    // form's own money fields are another journey's).
    const seeded = await page.request.put(`${itemPath}/listing/poshmark`, {
      headers: { Origin: baseURL! },
      data: { listing: { originalPrice: 120 } },
    });
    expect(seeded.status(), await seeded.text()).toBe(200);

    await page.goto(`/app/inventory/${item.itemID}`);
    const heading = page.getByRole('heading', { name: title, level: 1 });
    await expect(heading).toBeVisible();
    const header = heading.locator('xpath=..');
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const row = (name: string) => panel.getByRole('listitem').filter({ hasText: name });

    // Cross-listed from the item's page to both.
    await panel.getByRole('button', { name: 'Cross-list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-list this item' });
    for (const name of ['Shopify', 'Poshmark']) {
      await dialog.getByRole('checkbox', { name, exact: true }).check();
      await expect(dialog.getByRole('group', { name }).getByText('Ready to list')).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Queue 2 marketplaces' }).click();
    await expect(dialog.getByText('Queued', { exact: true })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(row('Shopify').getByText('Listed', { exact: true })).toBeVisible({
      timeout: 45_000,
    });
    await expect(row('Poshmark').getByText('Queued', { exact: true })).toBeVisible();
    await expect(row('Poshmark').getByText('Waiting for the browser extension')).toBeVisible();

    // A buyer buys it on Shopify; this page stays open, never reloaded.
    const [product] = await Promise.all([
      page.context().waitForEvent('page'),
      row('Shopify').getByRole('link', { name: 'View on Shopify' }).click(),
    ]);
    await expect(product.getByRole('heading', { name: title })).toBeVisible();
    await product.getByRole('button', { name: 'Simulate a sale' }).click();
    await expect(product.getByText(/^Sold: order .+ sent to \d+ subscribers?\.$/)).toBeVisible();
    await product.close();

    // The open page follows: the notice, the header, each listing, the sale.
    await expect(
      page.getByText('This item sold on Shopify while you had it open.', { exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(header.getByText('Sold', { exact: true })).toBeVisible();
    await expect(row('Shopify').getByText('Sold', { exact: true })).toBeVisible();
    await expect(row('Poshmark').getByText('Not listed', { exact: true })).toBeVisible();
    await expect(
      row('Poshmark').getByText(
        'Stopped before it went live: Sold on Shopify before it was listed.',
        { exact: true },
      ),
    ).toBeVisible();
    const sales = page.getByRole('region', { name: 'Sales', exact: true });
    await expect(sales.getByText('Sold on Shopify', { exact: true })).toBeVisible();
    // Nothing is left to list: cross-listing says why instead.
    await expect(panel.getByRole('button', { name: 'Cross-list' })).toBeDisabled();
    await expect(
      panel.getByText('None left: it sold. Raise the quantity if you have another one to sell.'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Quantity', exact: true })).toHaveValue('0');

    // The Sales screen says the same of each marketplace.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sales' })
      .click();
    await expect(page).toHaveURL(onPath('/app/sales'));
    const sale = page.getByRole('article', { name: title });
    await expect(sale.getByText('Sold on Shopify', { exact: true })).toBeVisible();
    const outcomes = sale.getByRole('list', { name: 'On your other marketplaces' });
    await expect(
      outcomes
        .getByTestId('sale-outcome-poshmark')
        .getByText('Listing stopped before it went live', { exact: true }),
    ).toBeVisible();

    // The seller finds two more and raises the quantity (typed, and autosaved).
    await sale.getByRole('link', { name: title }).click();
    await expect(heading).toBeVisible();
    const quantity = page.getByRole('textbox', { name: 'Quantity', exact: true });
    await quantity.click();
    await quantity.press('ControlOrMeta+a');
    await quantity.pressSequentially('2');
    await expect(panel.getByRole('button', { name: 'Cross-list' })).toBeEnabled({
      timeout: 15_000,
    });
    await expect(header.getByText('Sold', { exact: true })).toHaveCount(0);

    // A teammate at the market stall records one sold there from their phone. Nothing of the
    // item waits for a job now, and the page still follows.
    const stall = await page.request.put(`${itemPath}/mark-item-as-sold`, {
      headers: { Origin: baseURL! },
      data: { marketplace: 'in_person', salePrice: 30, currency: 'USD' },
    });
    expect(stall.status(), await stall.text()).toBe(200);
    await expect(
      page.getByText('This item sold in person while you had it open.', { exact: true }),
    ).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('1 unit is left.', { exact: true })).toBeVisible();
    await expect(quantity).toHaveValue('1');

    // The seller sells the last one in person too, and records it here with its price.
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await panel.getByRole('button', { name: 'Mark as sold' }).click();
    const markSold = page.getByRole('dialog', { name: 'Mark as sold' });
    await markSold.getByRole('combobox', { name: 'Where it sold' }).click();
    await page.getByRole('option', { name: 'In person or elsewhere' }).click();
    const price = markSold.getByRole('textbox', { name: 'Sale price' });
    await price.pressSequentially('24.99');
    await expect(price).toHaveValue('24.99');
    await markSold.getByRole('button', { name: 'Mark as sold' }).click();
    await expect(markSold).toBeHidden();

    await expect(header.getByText('Sold', { exact: true })).toBeVisible();
    const own = sales.getByTestId('item-sale').filter({ hasText: '$24.99' });
    await expect(own.getByText('Sold in person', { exact: true })).toBeVisible();
    await expect(sales.getByText('$30.00', { exact: true })).toBeVisible();
    // Recorded from this page: no "while you had it open" about it.
    await expect(page.getByText('This item sold in person while you had it open.')).toHaveCount(0);
    await expect(quantity).toHaveValue('0');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sales' })
      .click();
    const inPerson = page.getByRole('article', { name: title }).filter({ hasText: '$24.99' });
    await expect(inPerson.getByText('Sold in person', { exact: true })).toBeVisible();
    await expect(inPerson.getByText('Marked as sold in ListLoop', { exact: true })).toBeVisible();
  });
});
