import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';

// Each screen's code is fetched when the screen is opened (decision 0057): while it comes the
// shell stays and says so; a fetch that fails says so too, and trying again brings the screen.
test.describe('screens load on demand', () => {
  test('a screen still on its way shows a loading state inside the shell, then the screen', async ({
    page,
  }) => {
    await signInAsDemo(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/reports-page-*.js', async (route) => {
      await held;
      await route.continue();
    });

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Reports' })
      .click();
    const loading = page.getByRole('status').filter({ hasText: 'Loading the page…' });
    await expect(loading).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    await expect(loading).toHaveCount(0);
  });

  test('a screen whose code cannot be fetched offers to try again', async ({ page }) => {
    await signInAsDemo(page);
    let failing = true;
    await page.route('**/assets/reports-page-*.js', (route) =>
      failing ? route.abort('internetdisconnected') : route.continue(),
    );

    // The first failure reloads the page once (a new release is the usual cause); the fetch
    // fails again, so the screen says what happened inside the shell.
    await page.goto('/app/reports');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be loaded' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  });

  test('an item opened while a search is still settling opens', async ({ page }) => {
    await signInAsDemo(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/item-editor-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    const grid = page.getByRole('grid', { name: 'Items' });
    const link = grid.getByRole('row').nth(1).getByRole('link').first();
    const title = (await link.textContent()) ?? '';
    expect(title).not.toBe('');

    // The seller starts a search, changes their mind at once and opens the item on screen.
    await page.getByRole('searchbox', { name: 'Search items' }).pressSequentially('zz');
    await link.click();
    await expect(page.getByRole('status').filter({ hasText: 'Loading the page…' })).toBeVisible();
    // Past the search's pause, the item's screen is still the one on its way.
    await page.waitForTimeout(800);
    release();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });
});
