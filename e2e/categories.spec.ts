import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/**
 * A marketplace's own categories, picked by name: the embedded demo's eBay is the sandbox's
 * emulator, whose Taxonomy API answers the picker. "Ready" in the cross-list dialog is what the
 * eBay connector then accepts; a category typed in words says what to fix.
 */
const JEANS = "Clothing, Shoes & Accessories › Men › Men's Clothing › Jeans";

test.describe('marketplace categories', () => {
  test('a seller picks eBay’s category by typing its name, and the item is ready only then', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    // Other journeys take the first and last listable items; this one skips past them.
    const item = await findListableItem(page.request, {
      marketplaces: ['ebay'],
      from: 'first',
      skip: 3,
    });
    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();

    // The seller writes a category of their own, as the form's hint shows.
    const category = page.getByRole('textbox', { name: 'Category', exact: true });
    await category.clear();
    await category.pressSequentially('Men › Jeans');
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

    const addMarketplace = page.getByRole('combobox', { name: 'Add a marketplace' });
    await addMarketplace.click();
    await page.getByRole('option', { name: 'eBay', exact: true }).click();
    const ebayTab = page.getByRole('tabpanel', { name: 'eBay' });
    const fix =
      '“Men › Jeans” is not one of eBay’s categories; choose one on the eBay tab, or map this category with a category mapping rule for eBay.';
    await expect(ebayTab.getByText(fix)).toBeVisible();

    // The cross-list dialog does not call it ready, and says the same.
    await page.getByRole('button', { name: 'Cross-list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-list this item' });
    await dialog.getByRole('checkbox', { name: 'eBay', exact: true }).check();
    const ebayRow = dialog.getByRole('group', { name: 'eBay' });
    await expect(ebayRow.getByText('1 problem to fix')).toBeVisible();
    await expect(ebayRow.getByText(fix)).toBeVisible();
    await expect(ebayRow.getByText('Ready to list')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Queue 0 marketplaces' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // On the eBay tab the seller types part of the name, key by key, and picks eBay's category.
    const picker = ebayTab.getByRole('combobox', { name: 'Category on eBay' });
    await picker.click();
    await picker.pressSequentially('men jea');
    await page.getByRole('option', { name: JEANS, exact: true }).click();
    await expect(picker).toHaveValue(JEANS);
    await expect(ebayTab.getByRole('status')).toHaveText('Your eBay values are saved');
    await expect(ebayTab.getByText('Nothing stops this listing.')).toBeVisible();
    // What eBay will be sent names the category, never its id.
    await expect(ebayTab.getByText(JEANS, { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Cross-list' }).click();
    await dialog.getByRole('checkbox', { name: 'eBay', exact: true }).check();
    await expect(ebayRow.getByText('Ready to list')).toBeVisible();
    await dialog.getByRole('button', { name: 'Queue 1 marketplace' }).click();
    await expect(dialog.getByText('Queued', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Ready was true: the eBay connector lists it in that category.
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    const ebay = panel.getByRole('listitem').filter({ hasText: 'eBay' });
    await expect(ebay.getByText('Listed', { exact: true })).toBeVisible({ timeout: 30_000 });
  });

  test('a category mapping rule for eBay takes eBay’s category by name and shows it by name', async ({
    page,
  }) => {
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Rules' })
      .click();
    const marketplace = page.getByRole('combobox', { name: 'Marketplace' });
    await marketplace.click();
    await page.getByRole('option', { name: 'eBay', exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('marketplace') === 'ebay');

    const mapping = page.getByRole('region', { name: 'Mapping rules' });
    await mapping.getByRole('button', { name: 'Add mapping rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mapping rule for eBay' });
    await dialog.getByRole('combobox', { name: 'Field' }).click();
    await page.getByRole('option', { name: 'Category', exact: true }).click();
    const own = `Vinyl › Records ${Date.now().toString(36)}`;
    await dialog.getByLabel(/^Your value/).pressSequentially(own);
    const onEbay = dialog.getByRole('combobox', { name: /^Value on eBay/ });
    await onEbay.pressSequentially('record');
    await page.getByRole('option', { name: 'Music › Records', exact: true }).click();
    await expect(onEbay).toHaveValue('Music › Records');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();

    // The rule reads as the category's name, not eBay's id.
    const row = mapping.getByRole('row').filter({ hasText: own });
    await expect(row.getByText('Music › Records', { exact: true })).toBeVisible();
    await expect(row.getByText('176985')).toHaveCount(0);

    // Cleaning up, through the screen: the other journeys share the demo account.
    await row.getByRole('button', { name: /^Delete the Category rule/ }).click();
    await page
      .getByRole('dialog', { name: 'Delete this mapping rule?' })
      .getByRole('button', { name: 'Delete rule' })
      .click();
    await expect(row).toHaveCount(0);
  });

  test('a marketplace ListLoop cannot reach, or one with no account connected, is never ready', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAsDemo(page);
    const item = await findListableItem(page.request, {
      marketplaces: ['poshmark'],
      from: 'first',
      skip: 5,
      withSize: true,
    });
    await page.goto(`/app/inventory/${item.itemID}`);
    await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();

    // Poshmark shows what the item sold for new.
    await page.getByRole('combobox', { name: 'Add a marketplace' }).click();
    await page.getByRole('option', { name: 'Poshmark', exact: true }).click();
    const poshmarkTab = page.getByRole('tabpanel', { name: 'Poshmark' });
    await poshmarkTab.getByRole('textbox', { name: 'Original price' }).pressSequentially('120');
    await expect(poshmarkTab.getByRole('status')).toHaveText('Your Poshmark values are saved');
    const connectFirst = 'Connect your Poshmark account in Marketplaces first.';
    await expect(poshmarkTab.getByText(connectFirst)).toBeVisible();

    await page.getByRole('button', { name: 'Cross-list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cross-list this item' });
    // Nothing in ListLoop reaches Whatnot: it is never called ready.
    await dialog.getByRole('checkbox', { name: 'Whatnot', exact: true }).check();
    const whatnot = dialog.getByRole('group', { name: 'Whatnot' });
    await expect(
      whatnot.getByText(
        'ListLoop cannot list on Whatnot from this server; choose another marketplace.',
      ),
    ).toBeVisible();
    await expect(whatnot.getByText('Ready to list')).toHaveCount(0);
    await dialog.getByRole('checkbox', { name: 'Whatnot', exact: true }).uncheck();

    // Poshmark waits for an account the browser extension can list for.
    await dialog.getByRole('checkbox', { name: 'Poshmark', exact: true }).check();
    const poshmark = dialog.getByRole('group', { name: 'Poshmark' });
    await expect(poshmark.getByText(connectFirst)).toBeVisible();
    await poshmark.getByRole('link', { name: 'Connect Poshmark in Marketplaces' }).click();

    const account = page.getByRole('region', { name: 'Poshmark', exact: true });
    await account.getByRole('button', { name: 'Connect an account on Poshmark' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect an account on Poshmark' });
    const nickname = `Posh ${Date.now().toString(36)}`;
    // The nickname field starts with the marketplace's name; the seller writes their own.
    const nicknameBox = connect.getByRole('textbox', { name: 'Nickname' });
    await nicknameBox.clear();
    await nicknameBox.pressSequentially(nickname);
    await connect.getByRole('button', { name: 'Connect account' }).click();
    await expect(connect).toBeHidden();
    const row = account.getByRole('listitem').filter({ hasText: nickname });
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();
    await page.getByRole('button', { name: 'Cross-list' }).click();
    await dialog.getByRole('checkbox', { name: 'Poshmark', exact: true }).check();
    await expect(poshmark.getByText('Ready to list')).toBeVisible();
    await dialog.getByRole('button', { name: 'Queue 1 marketplace' }).click();
    await expect(dialog.getByText('Queued', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: 'Poshmark' })
        .getByText('Waiting for the browser extension'),
    ).toBeVisible();

    // Cleaning up the connection, through the screen: other journeys share the demo account.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Marketplaces' })
      .click();
    await row.getByRole('button', { name: `Disconnect ${nickname}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disconnect ${nickname}?` });
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(row).toHaveCount(0);
  });
});
