import { expect, test } from './support/test';
import { DEMO, signInAsDemo } from './support/demo';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone the navigation opens from the burger menu', async ({ page }) => {
  await signInAsDemo(page);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });

  // Collapsed on a narrow screen until the seller asks for it.
  await expect(navigation).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open navigation' }).click();

  await expect(navigation).toBeInViewport();
  await expect(navigation.getByRole('link').first()).toBeVisible();
  await expect(navigation.getByText(DEMO.companyName)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close navigation' })).toBeVisible();
});
