import { expect, type Page } from '@playwright/test';

/** The demo account the server seeds on a fresh DATA_DIR (apps/server/src/seed/demo.ts). */
export const DEMO = {
  email: 'demo@listloop.local',
  password: 'listloop-demo',
  companyName: 'Loop & Thread Vintage',
} as const;

/** Fills the sign-in form as a person would and submits it. */
export async function submitSignIn(
  page: Page,
  credentials: { email: string; password: string } = DEMO,
) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(credentials.email);
  // Not the plain substring: the field's "Toggle password visibility" button would match too.
  await page.getByLabel(/^Password/).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as the demo user and waits for the workspace at the root. */
export async function signInAsDemo(page: Page) {
  await submitSignIn(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeAttached();
}

export const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
