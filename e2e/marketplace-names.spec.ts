import { expect, test, type Locator } from './support/test';
import { signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/** Ids and codes a seller must not read: Etsy's profile ids, Depop's size ids. */
const ETSY_PROFILE_ID = /\b\d{10,12}\b/;
const DEPOP_SIZE_IDS = /\b\d+\s*[:/]\s*\d+\b/;

async function textOf(locator: Locator): Promise<string> {
  return locator.innerText();
}

test('the Etsy tab, the cross-list preview and the Etsy defaults name the shop’s profiles; Depop’s tab names its product type and size', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  // A dress in a letter size: the demo maps both to Depop's product type and size ids.
  const item = await findListableItem(page.request, {
    // Depop's department is already kept on every demo item: only Etsy must be untouched.
    marketplaces: ['etsy'],
    from: 'last',
    skip: 2,
    maxPrice: 2000,
    where: (candidate) =>
      /Dresses$/.test(candidate.generalDetails.category) &&
      /^(XS|S|M|L|XL)$/.test(candidate.generalDetails.size),
  });
  await page.goto(`/app/inventory/${item.itemID}`);
  await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();

  await page.getByRole('combobox', { name: 'Add a marketplace' }).click();
  await page.getByRole('option', { name: 'Etsy', exact: true }).click();
  const etsy = page.getByRole('tabpanel', { name: 'Etsy' });
  const sent = etsy.getByRole('region', { name: 'What Etsy will be sent' });
  // The demo's Etsy defaults name the sandbox shop's profiles: by their names.
  await expect(sent.getByText('Shipping profile: Standard shipping')).toBeVisible();
  await expect(sent.getByText('Processing profile: Ready to ship in 1–3 days')).toBeVisible();
  await expect(etsy.getByText(/^From your Etsy defaults: Standard shipping\./)).toBeVisible();

  // The seller chooses another of the shop's profiles by its name, as a person does.
  const shipping = etsy.getByRole('combobox', { name: 'Shipping profile' });
  await shipping.click();
  await page.getByRole('option', { name: 'Large and fragile items' }).click();
  await expect(etsy.getByRole('status')).toHaveText('Your Etsy values are saved');
  await expect(sent.getByText('Shipping profile: Large and fragile items')).toBeVisible();
  await etsy.getByRole('combobox', { name: 'Processing profile' }).click();
  await expect(page.getByRole('option', { name: 'Made to order in 5–10 days' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await textOf(etsy)).not.toMatch(ETSY_PROFILE_ID);

  // The cross-list dialog's preview of the Etsy listing names them too.
  await page.getByRole('button', { name: 'Cross-list' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cross-list this item' });
  await dialog.getByRole('checkbox', { name: 'Etsy', exact: true }).check();
  await expect(
    dialog.getByRole('group', { name: 'Etsy' }).getByText('Ready to list'),
  ).toBeVisible();
  const preview = dialog.getByLabel('What Etsy will be sent');
  await expect(preview.getByText('Shipping profile: Large and fragile items')).toBeVisible();
  await expect(preview.getByText('Processing profile: Ready to ship in 1–3 days')).toBeVisible();
  expect(await textOf(preview)).not.toMatch(ETSY_PROFILE_ID);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Depop takes a product type as a slug and a size as two ids: the tab says what they are.
  await page.getByRole('tab', { name: /^Depop/ }).click();
  const depop = page.getByRole('tabpanel', { name: 'Depop' });
  const depopSent = depop.getByRole('region', { name: 'What Depop will be sent' });
  await expect(depopSent.getByText('Dresses', { exact: true })).toBeVisible();
  await expect(
    depopSent.getByText(new RegExp(`^${item.generalDetails.size} \\(letter sizes\\)$`)),
  ).toBeVisible();
  // The item's department is chosen by name, as Depop names its departments.
  await expect(depop.getByRole('combobox', { name: 'Department' })).toHaveValue('Womenswear');
  expect(await textOf(depop)).not.toMatch(DEPOP_SIZE_IDS);
  expect(await textOf(depop)).not.toMatch(/\bdresses\b/);

  // The Etsy defaults choose the shop's profiles by their names.
  await page.goto('/app/rules?marketplace=etsy');
  await expect(page.getByRole('combobox', { name: 'Shipping profile' })).toHaveValue(
    'Standard shipping',
  );
  await expect(page.getByRole('combobox', { name: 'Processing profile' })).toHaveValue(
    'Ready to ship in 1–3 days',
  );
  // The rules' preview of this item names Etsy's category, shipping and processing profiles.
  await page.goto(`/app/rules?marketplace=etsy&item=${item.itemID}`);
  const sample = page.getByRole('region', { name: 'Preview on a sample item' });
  await expect(sample.getByText('Category: Clothing › Women › Dresses → Clothing')).toBeVisible();
  await expect(sample.getByText('Shipping profile: Not set → Standard shipping')).toBeVisible();
  const etsyListing = sample.getByRole('region', { name: 'Listing for Etsy' });
  await expect(etsyListing).toContainText('Large and fragile items');
  await expect(etsyListing).toContainText('Ready to ship in 1–3 days');
  expect(await textOf(sample)).not.toMatch(ETSY_PROFILE_ID);
  expect(await textOf(sample)).not.toMatch(/→ \d+$/m);

  // And Depop's mapping rules say what each product type and size id is.
  await page.goto('/app/rules?marketplace=depop');
  const rules = page.getByRole('region', { name: 'Mapping rules' });
  await expect(
    rules.getByRole('row').filter({ hasText: 'Clothing › Women › Dresses' }),
  ).toContainText('Dresses');
  const sizeL = rules
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Size', exact: true }) })
    .filter({ has: page.getByRole('cell', { name: 'L', exact: true }) });
  await expect(sizeL.getByRole('cell', { name: 'L (letter sizes)' })).toBeVisible();
  expect(await textOf(rules)).not.toMatch(DEPOP_SIZE_IDS);
});
