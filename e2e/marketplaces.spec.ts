import { expect, test } from '@playwright/test';
import { onPath, signInAsDemo } from './support/demo';

test.describe('the marketplaces', () => {
  test('a seller connects an eBay account with a token, sees it masked, and disconnects it', async ({
    page,
  }) => {
    const run = Date.now().toString(36);
    const nickname = `Main shop ${run}`;
    const token = `v1.e2e-token-${run}-7f3a`;
    await signInAsDemo(page);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Marketplaces' })
      .click();
    await expect(page).toHaveURL(onPath('/app/marketplaces'));

    // Every allowed marketplace, in its group.
    const api = page.getByRole('region', { name: 'API connectors' });
    const extension = page.getByRole('region', { name: 'Browser extension' });
    await expect(api.getByRole('heading', { name: 'eBay', exact: true })).toBeVisible();
    await expect(extension.getByRole('heading', { name: 'Mercari', exact: true })).toBeVisible();

    const ebay = page.getByRole('region', { name: 'eBay', exact: true });
    await ebay.getByRole('button', { name: 'Connect an account on eBay' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect an account on eBay' });
    await expect(dialog.getByText('comes in a later update')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Nickname' }).fill(nickname);
    await dialog.getByLabel('Access token (optional)').fill(token);
    await dialog.getByRole('button', { name: 'Connect account' }).click();
    await expect(dialog).toBeHidden();

    const row = ebay.getByRole('listitem').filter({ hasText: nickname });
    await expect(row).toBeVisible();
    await expect(row.getByText('Connected', { exact: true })).toBeVisible();
    await expect(row.getByText('Access token ending in ••••7f3a')).toBeVisible();
    // The secret itself is never shown again.
    await expect(page.getByText(token)).toHaveCount(0);

    await row.getByRole('button', { name: `Disconnect ${nickname}` }).click();
    const confirm = page.getByRole('dialog', { name: `Disconnect ${nickname}?` });
    await confirm.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });
});
