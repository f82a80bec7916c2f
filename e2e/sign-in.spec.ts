import { expect, test } from './support/test';
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

  test('too many failed sign-ins: the page says in how many minutes to try again', async ({
    page,
  }) => {
    // The shared server's limits are raised so every spec can sign in as the demo user (the
    // server's integration tests reach them); here the server's refusal is the one it sends.
    await page.route('**/api/rest/v1/auth/session_login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '840' },
        body: JSON.stringify({
          statusCode: 429,
          code: 'auth/too-many-attempts',
          message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
        }),
      }),
    );
    await page.goto('/login');
    await page.getByLabel('Email').pressSequentially(DEMO.email);
    await page.getByLabel(/^Password/).pressSequentially('a-guess-too-many');
    await page.getByRole('button', { name: 'Sign in' }).click();

    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Sign-in failed');
    await expect(alert).toContainText(
      'Too many failed sign-ins. Try again in 14 minutes, or sign in from a browser you have used with ListLoop before.',
    );
    await expect(page).toHaveURL(onPath('/login'));
  });

  test('?country=IT shows the Italian sign-in page', async ({ page }) => {
    await page.goto('/login?country=IT');

    await expect(page.getByRole('heading', { name: 'Accedi a ListLoop' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Accedi', exact: true })).toBeVisible();
  });
});
