import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

test.describe('cross-listing', () => {
  test('a seller queues an item to eBay and Mercari and sees each outcome live', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);

    // The browser extension lists on Mercari for an account the seller connects first, on the
    // Marketplaces screen (the demo is connected to the sandbox's API marketplaces only).
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Marketplaces' })
      .click();
    const mercariAccount = page.getByRole('region', { name: 'Mercari', exact: true });
    await mercariAccount.getByRole('button', { name: 'Connect an account on Mercari' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect an account on Mercari' });
    const nickname = `Closet ${Date.now().toString(36)}`;
    // The nickname field starts with the marketplace's name; the seller writes their own.
    const nicknameBox = connect.getByRole('textbox', { name: 'Nickname' });
    await nicknameBox.clear();
    await nicknameBox.pressSequentially(nickname);
    await connect.getByRole('button', { name: 'Connect account' }).click();
    await expect(connect).toBeHidden();
    await expect(
      mercariAccount
        .getByRole('listitem')
        .filter({ hasText: nickname })
        .getByText('Connected', { exact: true }),
    ).toBeVisible();

    // page.request shares the page's cookies: the calls below are the signed-in seller's.
    const item = await findListableItem(page.request, {
      marketplaces: ['ebay', 'mercari'],
      from: 'first',
      maxPrice: 2000,
    });
    const title = item.generalDetails.title;

    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // The demo's eBay defaults give where the item ships from (§1: the shipping location is
    // labelled with the zip code) and the seller's policies; the tab takes the eBay values.
    const addMarketplace = page.getByRole('combobox', { name: 'Add a marketplace' });
    await addMarketplace.click();
    await page.getByRole('option', { name: 'eBay', exact: true }).click();
    const ebayTab = page.getByRole('tabpanel', { name: 'eBay' });
    await expect(ebayTab.getByRole('textbox', { name: 'ZIP code' })).toBeVisible();
    await ebayTab.getByRole('textbox', { name: 'UPC' }).fill('012345678905');
    await expect(ebayTab.getByRole('status')).toHaveText('Your eBay values are saved');
    await expect(ebayTab.getByText('Nothing stops this listing.')).toBeVisible();
    await expect(ebayTab.getByText('ZIP code: 10001')).toBeVisible();

    // Mercari needs shipping: a price will do.
    await addMarketplace.click();
    await page.getByRole('option', { name: 'Mercari', exact: true }).click();
    const mercariTab = page.getByRole('tabpanel', { name: 'Mercari' });
    await expect(mercariTab.getByText('Mercari needs shipping')).toBeVisible();
    await mercariTab.getByRole('textbox', { name: 'Shipping price' }).pressSequentially('5.50');
    await expect(mercariTab.getByRole('status')).toHaveText('Your Mercari values are saved');
    await expect(mercariTab.getByText('Nothing stops this listing.')).toBeVisible();

    // Cross-list: both are ready; each is queued on its own.
    await page.getByRole('button', { name: 'Cross-list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-list this item' });
    await dialog.getByRole('checkbox', { name: 'eBay', exact: true }).check();
    await dialog.getByRole('checkbox', { name: 'Mercari', exact: true }).check();
    for (const name of ['eBay', 'Mercari']) {
      await expect(dialog.getByRole('group', { name }).getByText('Ready to list')).toBeVisible();
    }
    await expect(dialog.getByText('What eBay will be sent')).toBeVisible();
    await dialog.getByRole('button', { name: 'Queue 2 marketplaces' }).click();
    await expect(dialog.getByText('Queued', { exact: true })).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const ebay = panel.getByRole('listitem').filter({ hasText: 'eBay' });
    const mercari = panel.getByRole('listitem').filter({ hasText: 'Mercari' });

    // The demo is connected to the sandbox's eBay: its job lists the item there, and the
    // outcome is shown without a reload.
    await expect(ebay.getByText('Listed', { exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(ebay.getByRole('link', { name: 'View on eBay' })).toHaveAttribute(
      'href',
      /^\/sandbox\/ebay\/itm\/\d+$/,
    );

    // Mercari waits for the browser extension.
    await expect(mercari.getByText('Queued', { exact: true })).toBeVisible();
    await expect(mercari.getByText('Waiting for the browser extension')).toBeVisible();

    // The test is the extension now: it claims the operation and reports the listing.
    const headers = { Origin: baseURL! };
    const executorId = 'e2e-extension';
    const claim = await page.request.post('/api/rest/v1/executor/claim', {
      headers,
      data: { marketplaces: ['mercari'], executorId },
    });
    expect(claim.ok()).toBe(true);
    const { operations } = (await claim.json()) as {
      operations: { itemId: string; marketplace: string; operation: string }[];
    };
    expect(operations).toContainEqual(
      expect.objectContaining({ itemId: item.itemID, marketplace: 'mercari', operation: 'list' }),
    );
    await expect(mercari.getByText('The browser extension is working on it')).toBeVisible();

    const listedID = `m${Date.now().toString(36)}`;
    const listed = await page.request.post(
      `/api/account/item/${encodeURIComponent(item.userID)}/${encodeURIComponent(item.itemID)}/set-listing-listed`,
      {
        headers,
        data: {
          marketplace: 'mercari',
          listedID,
          listingURL: `https://www.mercari.com/us/item/${listedID}/`,
          executorId,
        },
      },
    );
    expect(listed.ok()).toBe(true);

    // Listed, without a reload; the history says who did what.
    await expect(mercari.getByText('Listed', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(mercari.getByRole('link', { name: 'View on Mercari' })).toHaveAttribute(
      'href',
      `https://www.mercari.com/us/item/${listedID}/`,
    );
    await mercari.getByRole('button', { name: 'Mercari' }).click();
    const history = page.getByRole('table', { name: 'History on Mercari' });
    await expect(
      history.getByRole('row').filter({ hasText: 'Queued to list → Listed' }),
    ).toBeVisible();
    await expect(
      history.getByRole('row').filter({ hasText: 'Not listed → Queued to list' }),
    ).toContainText('You');
    await expect(
      page.getByRole('group', { name: 'Actions for Mercari' }).getByRole('button', {
        name: 'Delist',
      }),
    ).toBeVisible();
  });
});
