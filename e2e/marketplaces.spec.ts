import { expect, test, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

/**
 * The Marketplaces screen against the server e2e/web-server.mjs starts: the embedded demo,
 * whose marketplaces are the sandbox's emulators (MARKETPLACES=sandbox by default), so
 * signing in at eBay or Shopify is a round trip through their emulated sign-in pages.
 */

const CONNECTION_PATH = '/api/rest/v1/enterprise/connection';

async function openMarketplaces(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Marketplaces' })
    .click();
  await expect(page).toHaveURL(onPath('/app/marketplaces'));
}

/** A connection id as the web app makes them: 24 letters and digits. */
function connectionId(run: string): string {
  return `e2e${run}${'x'.repeat(24)}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 24);
}

test.describe('the marketplaces', () => {
  test('the sandbox is marked, and a seller connects eBay by signing in there', async ({
    page,
  }) => {
    await signInAsDemo(page);
    await openMarketplaces(page);

    await expect(
      page
        .getByRole('note', { name: 'Sandbox' })
        .getByText('Sandbox: these are emulated marketplaces; nothing is listed for real.'),
    ).toBeVisible();

    // Every allowed marketplace, in its group.
    const api = page.getByRole('region', { name: 'API connectors' });
    const extension = page.getByRole('region', { name: 'Browser extension' });
    await expect(api.getByRole('heading', { name: 'eBay', exact: true })).toBeVisible();
    await expect(extension.getByRole('heading', { name: 'Mercari', exact: true })).toBeVisible();
    await expect(page.getByText('comes in a later update')).toHaveCount(0);
    // Grouped by how this server works each: the sandbox's Depop by its API key, and Whatnot,
    // which nothing here can connect, apart and offered no button.
    await expect(api.getByRole('heading', { name: 'Depop', exact: true })).toBeVisible();
    const unavailable = page.getByRole('region', { name: 'Not available on this server' });
    const whatnot = unavailable.getByRole('region', { name: 'Whatnot', exact: true });
    await expect(whatnot).toBeVisible();
    await expect(whatnot.getByRole('button')).toHaveCount(0);
    await expect(api.getByRole('heading', { name: 'Whatnot' })).toHaveCount(0);

    const ebay = page.getByRole('region', { name: 'eBay', exact: true });
    await ebay.getByRole('button', { name: 'Connect with eBay' }).click();

    // The emulated eBay's own sign-in page asks to allow ListLoop.
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/ebay/'));
    await page.getByRole('button', { name: 'Allow' }).click();

    // Back where the seller started, told so, and the callback's query is gone.
    await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces' && !url.search);
    await expect(page.getByText('eBay account connected')).toBeVisible();
    const row = ebay.getByRole('listitem').first();
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByText('Sandbox', { exact: true })).toBeVisible();
    await expect(row.getByText('Signed in through eBay')).toBeVisible();
  });

  test('a seller who denies ListLoop at eBay comes back to the reason', async ({ page }) => {
    await signInAsDemo(page);
    await openMarketplaces(page);
    const ebay = page.getByRole('region', { name: 'eBay', exact: true });
    await ebay.getByRole('button', { name: 'Connect with eBay' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces' && !url.search);
    const alert = page.getByRole('alert').filter({ hasText: 'The account was not connected' });
    await expect(alert).toContainText('eBay did not connect your account');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
  });

  test('Shopify asks for the store first, then signs in on it', async ({ page }) => {
    await signInAsDemo(page);
    await openMarketplaces(page);
    const shopify = page.getByRole('region', { name: 'Shopify', exact: true });
    await shopify.getByRole('button', { name: 'Connect with Shopify' }).click();

    const dialog = page.getByRole('dialog', { name: 'Connect your Shopify store' });
    const store = dialog.getByRole('textbox', { name: 'Store address' });
    const submit = dialog.getByRole('button', { name: 'Continue to Shopify' });
    await submit.click();
    await expect(dialog.getByText('Give your store’s address.')).toBeVisible();
    await store.fill('my shop.com');
    await expect(dialog.getByText('Use your store’s myshopify.com address')).toBeVisible();

    // The store's name is enough: it is the sandbox's own store.
    await store.fill('listloop-sandbox');
    await submit.click();
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/sandbox/shopify/'));
    await page.getByRole('button', { name: 'Install app' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces' && !url.search);
    await expect(page.getByText('Shopify account connected')).toBeVisible();
    await expect(
      shopify.getByRole('listitem').first().getByText('Sandbox', { exact: true }),
    ).toBeVisible();
  });

  test('a connection that needs reconnecting is flagged on every screen until the seller signs in again', async ({
    page,
    baseURL,
  }) => {
    // page.request shares the page's cookies; state-changing calls say where they come from.
    const headers = { Origin: baseURL! };
    const run = Date.now().toString(36);
    const nickname = `Old eBay ${run}`;
    const id = connectionId(run);
    await signInAsDemo(page);
    // An eBay account whose marketplace stopped accepting its tokens.
    const made = await page.request.put(`${CONNECTION_PATH}/${id}`, {
      headers,
      data: { marketplace: 'ebay', nickname, status: 'needs_reconnect' },
    });
    expect(made.ok(), await made.text()).toBe(true);

    try {
      await page.goto('/app/inventory');
      const banner = page.getByRole('region', { name: 'Connections to reconnect' });
      await expect(banner).toContainText(`Your eBay connection “${nickname}” needs reconnecting`);
      await banner.getByRole('link', { name: 'Reconnect in Marketplaces' }).click();
      await expect(page).toHaveURL(onPath('/app/marketplaces'));

      const row = page
        .getByRole('region', { name: 'eBay', exact: true })
        .getByRole('listitem')
        .filter({ hasText: nickname });
      await expect(row.getByText('Needs reconnecting')).toBeVisible();
      await row.getByRole('button', { name: `Reconnect ${nickname}` }).click();
      await page.getByRole('button', { name: 'Allow' }).click();

      await expect(page).toHaveURL((url) => url.pathname === '/app/marketplaces' && !url.search);
      await expect(page.getByText(`“${nickname}” is connected.`)).toBeVisible();
      await expect(row.getByText('Connected', { exact: true })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Connections to reconnect' })).toHaveCount(0);
    } finally {
      await page.request.delete(`${CONNECTION_PATH}/${id}`, { headers });
    }
  });

  test('the import screen is where connecting comes back to, and lists the accounts to import from', async ({
    page,
  }) => {
    await signInAsDemo(page);
    const sentence = 'Shopify did not connect your account (access_denied).';
    await page.goto(`/app/import?connectError=${encodeURIComponent(sentence)}`);
    await expect(page).toHaveURL((url) => url.pathname === '/app/import' && !url.search);
    const alert = page.getByRole('alert').filter({ hasText: 'The account was not connected' });
    await expect(alert).toContainText(sentence);

    const section = page.getByRole('region', { name: 'Import from eBay, Etsy, and Shopify' });
    await expect(section.getByText('importing again never duplicates anything')).toBeVisible();
    const ebay = section.getByRole('listitem', { name: /· eBay$/ }).first();
    await expect(ebay.getByRole('button', { name: /^Import (listings|again)$/ })).toBeEnabled();
    await section.getByRole('link', { name: /in Marketplaces$/ }).click();
    await expect(page).toHaveURL(onPath('/app/marketplaces'));
  });

  test('a seller connects a Mercari account for the browser extension and disconnects it', async ({
    page,
  }) => {
    const nickname = `Closet ${Date.now().toString(36)}`;
    await signInAsDemo(page);
    await openMarketplaces(page);

    const mercari = page.getByRole('region', { name: 'Mercari', exact: true });
    await expect(mercari.getByText('Listed by the ListLoop browser extension')).toBeVisible();
    await mercari.getByRole('button', { name: 'Connect an account on Mercari' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect an account on Mercari' });
    await expect(dialog.getByText('no password is stored here')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await expect(dialog).toBeHidden();

    const row = mercari.getByRole('listitem').filter({ hasText: nickname });
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByText('Sandbox', { exact: true })).toBeVisible();

    await row.getByRole('button', { name: `Disconnect ${nickname}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disconnect ${nickname}?` });
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });
});
