import { expect, test } from '@playwright/test';
import { DEMO, onPath, signInAsDemo, submitSignIn } from './support/demo';

test.describe('signing in', () => {
  test('the demo user signs in and lands in the workspace', async ({ page }) => {
    await signInAsDemo(page);

    await expect(page).toHaveURL(onPath('/'));
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByText(DEMO.companyName).first()).toBeVisible();
  });

  test('a wrong password is refused and the seller stays on the sign-in page', async ({ page }) => {
    await submitSignIn(page, { email: DEMO.email, password: 'not-the-password' });

    await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();
    await expect(page).toHaveURL(onPath('/login'));
    await expect(page.getByRole('heading', { name: 'Sign in to ListLoop' })).toBeVisible();
  });

  test('?country=IT shows the Italian sign-in page', async ({ page }) => {
    await page.goto('/login?country=IT');

    await expect(page.getByRole('heading', { name: 'Accedi a ListLoop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  });
});
