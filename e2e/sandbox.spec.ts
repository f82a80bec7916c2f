import { expect, test, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/**
 * Sandbox mode, the embedded demo's default (e2e/web-server.mjs starts the server without
 * DATABASE_URL): eBay and Shopify are the emulators inside the server. A seller connects both
 * by signing in on their pages, cross-lists an item to both from the item editor, and opens
 * each listing's page, where a buyer can buy it.
 */

async function openMarketplaces(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Marketplaces' })
    .click();
  await expect(page).toHaveURL(onPath('/app/marketplaces'));
}

test.describe('sandbox mode', () => {
  test('a seller connects eBay and Shopify, cross-lists an item to both, and opens each listing', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    await openMarketplaces(page);

    // eBay: the emulated eBay's consent page, then back to the Marketplaces screen.
    const ebay = page.getByRole('region', { name: 'eBay', exact: true });
    await ebay.getByRole('button', { name: 'Connect with eBay' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/ebay/'));
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces');
    await expect(page.getByText('eBay account connected')).toBeVisible();

    // Shopify: the store first, then the emulated store's install page.
    const shopify = page.getByRole('region', { name: 'Shopify', exact: true });
    await shopify.getByRole('button', { name: 'Connect with Shopify' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect your Shopify store' });
    await dialog.getByRole('textbox', { name: 'Store address' }).fill('listloop-sandbox');
    await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/shopify/'));
    await page.getByRole('button', { name: 'Install app' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces');
    await expect(page.getByText('Shopify account connected')).toBeVisible();
    for (const region of [ebay, shopify]) {
      await expect(
        region.getByRole('listitem').first().getByText('Connected', { exact: true }),
      ).toBeVisible();
    }

    // Cross-list a demo item to both from the item editor.
    const item = await findListableItem(page.request, {
      marketplaces: ['ebay', 'shopify'],
      from: 'last',
    });
    const title = item.generalDetails.title;
    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Cross-list' }).click();
    const crossList = page.getByRole('dialog', { name: 'Cross-list this item' });
    await crossList.getByRole('checkbox', { name: 'eBay', exact: true }).check();
    await crossList.getByRole('checkbox', { name: 'Shopify', exact: true }).check();
    for (const name of ['eBay', 'Shopify']) {
      await expect(crossList.getByRole('group', { name }).getByText('Ready to list')).toBeVisible();
    }
    await crossList.getByRole('button', { name: 'Queue 2 marketplaces' }).click();
    await expect(crossList.getByText('Queued', { exact: true })).toHaveCount(2);
    await crossList.getByRole('button', { name: 'Done' }).click();
    await expect(crossList).toBeHidden();

    // Both listed, live, each with the link to its emulated listing page.
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const links: Record<string, string> = {};
    for (const [name, path] of [
      ['eBay', /^\/sandbox\/ebay\/itm\/\d+$/],
      ['Shopify', /^\/sandbox\/shopify\/shops\/listloop-sandbox\.myshopify\.com\/products\//],
    ] as const) {
      const row = panel.getByRole('listitem').filter({ hasText: name });
      await expect(row.getByText('Listed', { exact: true })).toBeVisible({ timeout: 30_000 });
      const link = row.getByRole('link', { name: `View on ${name}` });
      await expect(link).toHaveAttribute('href', path);
      links[name] = (await link.getAttribute('href'))!;
    }

    // The eBay listing opens in a new tab: the item as a buyer sees it, and a buyer buys it.
    const [listing] = await Promise.all([
      page.context().waitForEvent('page'),
      panel
        .getByRole('listitem')
        .filter({ hasText: 'eBay' })
        .getByRole('link', { name: 'View on eBay' })
        .click(),
    ]);
    await expect(listing.getByRole('heading', { name: title })).toBeVisible();
    await listing.getByRole('button', { name: 'Simulate a sale' }).click();
    await expect(listing.getByText(/^Sold: order /)).toBeVisible();
    await listing.close();

    // The Shopify product page answers too.
    const product = await page.request.get(links.Shopify!);
    expect(product.status()).toBe(200);
    expect(await product.text()).toContain('Simulate a sale');
  });
});
