import { expect, test, type Locator, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

/** The value beside a term of a definition list (the preview's built listing). */
function definition(list: Locator, term: string): Locator {
  return list
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

const dollars = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function choose(page: Page, combobox: Locator, option: string | RegExp) {
  await combobox.click();
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('the rules', () => {
  test('a seller prices and maps for Mercari and sees a sample item’s listing change', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Rules' })
      .click();
    await expect(page).toHaveURL(onPath('/app/rules'));
    await expect(page.getByRole('heading', { name: 'Rules', level: 1 })).toBeVisible();

    // Etsy's defaults come with its own sections (spec §1 form overrides).
    const marketplace = page.getByRole('combobox', { name: 'Marketplace' });
    await choose(page, marketplace, 'Etsy');
    await expect(page).toHaveURL((url) => url.searchParams.get('marketplace') === 'etsy');
    const defaults = page.getByRole('region', { name: 'Defaults' });
    for (const section of ['Delivery', 'Shipping profile', 'Processing profile']) {
      await expect(defaults.getByRole('group', { name: section })).toBeVisible();
    }

    await choose(page, marketplace, 'Mercari');
    await expect(page).toHaveURL((url) => url.searchParams.get('marketplace') === 'mercari');
    await expect(defaults.getByRole('group', { name: 'Shipping', exact: true })).toBeVisible();

    // A sample item, found by searching the inventory from the picker.
    const preview = page.getByRole('region', { name: 'Preview on a sample item' });
    const picker = preview.getByRole('combobox', { name: 'Sample item' });
    await picker.fill('Pendleton');
    await page
      .getByRole('option', { name: /Pendleton/ })
      .first()
      .click();
    await expect(page).toHaveURL((url) => Boolean(url.searchParams.get('item')));
    const listing = preview.getByRole('region', { name: 'Listing for Mercari' });
    await expect(definition(listing, 'Brand')).toHaveText('Pendleton');
    const before = dollars((await definition(listing, 'Price').textContent()) ?? '');
    expect(before).toBeGreaterThan(0);
    // +10 % to the nearest cent (half up), then up to the next .99.
    const after = Math.floor(Math.floor((before * 11 + 5) / 10) / 100) * 100 + 99;

    // The pricing rule: the example follows the form before it is saved.
    const pricing = page.getByRole('region', { name: 'Pricing rule' });
    await pricing.getByRole('textbox', { name: 'Percentage' }).fill('10');
    await choose(page, pricing.getByRole('combobox', { name: 'Rounding' }), 'Up to .99');
    await expect(
      pricing.getByText(`${money(before)} becomes ${money(after)} on Mercari`),
    ).toBeVisible();
    await pricing.getByRole('button', { name: 'Save pricing rule' }).click();
    await expect(
      pricing.getByRole('status').filter({ hasText: 'Pricing rule saved.' }),
    ).toBeVisible();

    // A brand mapping rule.
    const mapping = page.getByRole('region', { name: 'Mapping rules' });
    await mapping.getByRole('button', { name: 'Add mapping rule' }).click();
    const dialog = page.getByRole('dialog', { name: 'New mapping rule for Mercari' });
    await dialog.getByLabel(/^Your value/).fill('pendleton');
    await dialog.getByLabel(/^Value on Mercari/).fill('Pendleton Woolen Mills');
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      mapping.getByRole('row').filter({ hasText: 'Pendleton Woolen Mills' }),
    ).toBeVisible();

    // The preview is built again with both rules.
    await expect(definition(listing, 'Brand')).toHaveText('Pendleton Woolen Mills');
    await expect(definition(listing, 'Price')).toHaveText(money(after));
    const steps = preview.getByRole('region', { name: 'What the rules changed' });
    await expect(steps.getByText('Brand: Pendleton → Pendleton Woolen Mills')).toBeVisible();
    // Rounding shows as a step only when it moved the price (x.99 stays x.99).
    await expect(steps.getByText('Percentage +10%')).toBeVisible();

    // Cleaning up, through the screen: the other journeys share the demo account.
    await mapping.getByRole('button', { name: 'Delete the Brand rule for “pendleton”' }).click();
    await page
      .getByRole('dialog', { name: 'Delete this mapping rule?' })
      .getByRole('button', { name: 'Delete rule' })
      .click();
    await pricing.getByRole('button', { name: 'Remove pricing rule' }).click();
    await page
      .getByRole('dialog', { name: 'Remove the Mercari pricing rule?' })
      .getByRole('button', { name: 'Remove rule' })
      .click();
    await expect(definition(listing, 'Brand')).toHaveText('Pendleton');
    await expect(definition(listing, 'Price')).toHaveText(money(before));
  });
});
