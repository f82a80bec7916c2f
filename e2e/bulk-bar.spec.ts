import { expect, test, type Page } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

/**
 * Selects every loaded item, goes to the last row with the keyboard, and checks that the
 * floating bar covers no part of it.
 */
async function lastRowStaysAboveTheBar(page: Page) {
  await signInAsDemo(page);
  await page.goto('/app/inventory');
  await expect(page).toHaveURL(onPath('/app/inventory'));
  const grid = page.getByRole('grid', { name: 'Items' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();

  await grid.focus();
  await page.keyboard.press('ControlOrMeta+a');
  const bar = page.getByLabel('Actions on the selected items');
  await expect(bar.getByText(/ selected$/)).toBeVisible();
  await page.keyboard.press('End');

  const last = grid.locator('[role="row"][data-active="true"]');
  await expect(last).toBeInViewport();
  await expect
    .poll(async () => {
      const [row, floating] = await Promise.all([last.boundingBox(), bar.boundingBox()]);
      return row && floating ? Math.round(floating.y - (row.y + row.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);

  // Scrolled to its very end by hand, the list still ends above the bar.
  await grid.hover();
  await page.mouse.wheel(0, 100_000);
  await expect
    .poll(async () => {
      const [list, floating] = await Promise.all([grid.boundingBox(), bar.boundingBox()]);
      return list && floating ? Math.round(floating.y - (list.y + list.height)) : null;
    })
    .toBeGreaterThanOrEqual(0);
}

test.describe('the floating bulk bar', () => {
  test('leaves the last row of the inventory in view on a desktop', async ({ page }) => {
    await lastRowStaysAboveTheBar(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test('leaves the last row of the inventory in view', async ({ page }) => {
      await lastRowStaysAboveTheBar(page);
    });
  });
});
