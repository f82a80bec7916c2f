import { expect, test } from './support/test';
import { onPath, signInAsDemo } from './support/demo';
import { png } from './support/png';

test.describe('the inventory', () => {
  test('a seller creates a complete item with two photos and finds it by its title', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    const title = `Denim jacket ${run}`;
    const sku = `DJ-${run}`;
    await signInAsDemo(page);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await expect(page).toHaveURL(onPath('/app/inventory'));
    await page.getByRole('link', { name: 'New item' }).click();
    await expect(page).toHaveURL(onPath('/app/inventory/new'));
    await expect(page.getByRole('heading', { name: 'New item' })).toBeVisible();

    const completeness = page.getByRole('region', { name: 'Ready to list?' });
    await expect(completeness.getByText('Missing Images')).toBeVisible();

    await page.locator('input[type="file"]').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: png([29, 78, 216]) },
      { name: 'back.png', mimeType: 'image/png', buffer: png([185, 28, 28]) },
    ]);

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('Classic 90s trucker jacket, light wash.');
    await page.getByRole('combobox', { name: 'Brand', exact: true }).fill("Levi's");
    await page.getByRole('combobox', { name: 'Condition', exact: true }).click();
    await page.getByRole('option', { name: 'Like new' }).click();
    await page.getByRole('textbox', { name: 'Price', exact: true }).pressSequentially('45.50');
    await page.getByRole('textbox', { name: 'Category', exact: true }).fill('Men › Jackets');
    await page.getByLabel('Weight in lb').fill('1');
    await page.getByLabel('Weight in oz').fill('8');

    // Both photos arrive (uploaded over tus, then processed by the server); the first is the cover.
    await expect(page.getByRole('button', { name: 'Photo 1 of 2, cover' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(page.getByRole('button', { name: 'Photo 2 of 2' })).toBeVisible();

    await expect(completeness.getByText('Complete', { exact: true })).toBeVisible();
    await expect(completeness.getByText('Everything a listing needs is here.')).toBeVisible();
    await expect(completeness.getByRole('list')).toHaveCount(0);

    await page.getByRole('button', { name: 'Create item' }).click();
    await expect(page).toHaveURL(
      (url) => /^\/app\/inventory\/[^/]+$/.test(url.pathname) && !url.pathname.endsWith('/new'),
    );
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(completeness.getByText('Complete', { exact: true })).toBeVisible();

    // An edit of the saved item is saved on its own.
    await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

    await page.getByRole('link', { name: 'Back to inventory' }).click();
    await expect(page).toHaveURL(onPath('/app/inventory'));
    await page.getByRole('searchbox', { name: 'Search items' }).fill(title);
    await expect(page).toHaveURL((url) => url.searchParams.get('q')?.includes(title) ?? false);

    const grid = page.getByRole('grid', { name: 'Items' });
    const row = grid.getByRole('row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Complete')).toBeVisible();
    await expect(row.getByText(sku)).toBeVisible();
    await expect(page.getByText('1 item', { exact: true })).toBeVisible();
    // The export downloads what is on screen: the same search.
    await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      new RegExp(
        `^/api/account/item/export\\?.*q=${encodeURIComponent(title).replace(/%20/g, '\\+')}`,
      ),
    );

    // Enter on the focused grid opens the item.
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: title })).toBeVisible();

    // A second item cannot take the same SKU: the form says why.
    await page.getByRole('link', { name: 'Back to inventory' }).click();
    await page.getByRole('link', { name: 'New item' }).click();
    await page.getByRole('textbox', { name: 'SKU', exact: true }).fill(sku);
    await page.getByRole('button', { name: 'Create item' }).click();
    const taken = 'Another item in your inventory already has this SKU.';
    await expect(page.getByRole('alert').filter({ hasText: taken }).first()).toBeVisible();
    await expect(
      page.getByRole('textbox', { name: 'SKU', exact: true }),
    ).toHaveAccessibleDescription(taken);
    await expect(page).toHaveURL(onPath('/app/inventory/new'));
  });

  test('a seller creates a label and renames it', async ({ page }) => {
    const name = `E2E ${Date.now().toString(36).slice(-6)}`;
    const renamed = `${name} v2`;
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Labels' })
      .click();
    await expect(page).toHaveURL(onPath('/app/labels'));

    await page.getByLabel('New label').fill(name);
    await page.getByRole('button', { name: 'Add label' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(page.getByLabel('New label')).toHaveValue('');

    // The same name again is refused before it reaches the server.
    await page.getByLabel('New label').fill(name.toLowerCase());
    await expect(page.getByText('You already have a label with this name.')).toBeVisible();
    await page.getByLabel('New label').fill('');

    await row.getByRole('button', { name: `Rename ${name}` }).click();
    const input = page.getByRole('textbox', { name: `Rename ${name}` });
    await input.fill(renamed);
    await input.press('Enter');
    await expect(page.getByRole('row').filter({ hasText: renamed })).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Rename ${name}` })).toHaveCount(0);
  });

  test('a seller imports a CSV file and finds its items', async ({ page }) => {
    const sku = `CSV-${Date.now().toString(36)}`;
    const csv = [
      'sku,title,description,brand,condition,price,quantity,weight_lb,weight_oz,category,labels',
      `${sku}-1,Imported wool coat,Warm,Burberry,good,120,1,3,0,Coats,Imported`,
      `${sku}-2,Imported scarf,Soft,Acne,mint,30,1,0,5,Scarves,`,
    ].join('\n');
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Import' })
      .click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });

    await expect(page.getByText('ListLoop CSV', { exact: true })).toBeVisible();
    const row = (text: string) => page.getByRole('row').filter({ hasText: text });
    await expect(row(`${sku}-1`).getByText('Create')).toBeVisible();
    await expect(row(`${sku}-2`).getByText('"mint" is not a known condition')).toBeVisible();

    await page.getByRole('button', { name: 'Import 1 item' }).click();
    await expect(page.getByText('stock.csv is imported')).toBeVisible({ timeout: 30_000 });
    await expect(row('3').getByText('"mint" is not a known condition')).toBeVisible();

    await page.getByRole('link', { name: 'Go to your inventory' }).click();
    await page.getByRole('searchbox', { name: 'Search items' }).fill(sku);
    await expect(
      page
        .getByRole('grid', { name: 'Items' })
        .getByRole('row')
        .filter({ hasText: 'Imported wool coat' }),
    ).toHaveCount(1);
  });
});
