import { expect, test } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

/**
 * The import on connect, in sandbox mode: the emulated Etsy shop the demo is connected to holds
 * listings the seller made there before ListLoop (apps/server/src/modules/sandbox/
 * sandbox-shop-seed.ts). The seller imports them from /app/import, watches the progress, finds
 * an imported item with its photo and its Etsy listing, and importing again makes nothing new.
 */

const TEA_TOWEL = 'Hand Embroidered Linen Tea Towel with Wildflowers';

test.describe('import on connect', () => {
  test('a seller imports their Etsy listings, finds them in the inventory, and a second import duplicates nothing', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsDemo(page);
    await page.goto('/app/import');
    await expect(page.getByRole('heading', { name: 'Bring your inventory in' })).toBeVisible();

    const etsy = page.getByTestId('marketplace-import-etsy').first();
    await expect(etsy.getByText('Sandbox', { exact: true })).toBeVisible();
    await etsy.getByRole('button', { name: /^Import (listings|again)$/ }).click();

    // Progress, then what the import did.
    const state = etsy.getByTestId('marketplace-import-state');
    await expect(state.getByText(/^Imported /)).toBeVisible({ timeout: 30_000 });
    await expect(state).toContainText(/new items?|No new items/);
    const first = await state.textContent();

    // The imported listing is an item with its photo, listed on Etsy.
    await etsy.getByRole('link', { name: 'Go to your inventory' }).click();
    await expect(page).toHaveURL(onPath('/app/inventory'));
    await page.getByRole('searchbox', { name: 'Search items' }).fill(TEA_TOWEL);
    const row = page
      .getByRole('grid', { name: 'Items' })
      .getByRole('row')
      .filter({ hasText: TEA_TOWEL });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: TEA_TOWEL }).click();
    await expect(page.getByRole('heading', { name: TEA_TOWEL })).toBeVisible();
    await expect(page.getByRole('img', { name: /photo 1/i }).first()).toBeVisible();
    await page.getByRole('tab', { name: /Etsy/ }).click();
    await expect(page.getByRole('tabpanel').getByText('Listed', { exact: true })).toBeVisible();

    // Importing again: every listing is already here.
    await page.goto('/app/import');
    const again = page.getByTestId('marketplace-import-etsy').first();
    await again.getByRole('button', { name: 'Import again' }).click();
    const second = again.getByTestId('marketplace-import-state');
    await expect(second).toContainText('No new items', { timeout: 30_000 });
    await expect(second).toContainText('already here');
    expect(first).toBeTruthy();
  });
});
