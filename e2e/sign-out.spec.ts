import { expect, test } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

test('signing out from the user menu ends the session', async ({ page }) => {
  await signInAsDemo(page);

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(onPath('/login'));
  await expect(page.getByRole('heading', { name: 'Sign in to ListLoop' })).toBeVisible();

  // The session is gone on the server too: the workspace sends the visitor back to sign in.
  await page.goto('/');
  await expect(page).toHaveURL(onPath('/login'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
