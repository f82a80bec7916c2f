import { expect, test } from './support/test';
import { signInAsDemo, submitSignIn } from './support/demo';
import { temporaryPasswordMailedTo } from './support/mail';

const ROLES = '/api/rest/v1/enterprise/roles';

test('a packer without the sales keys joins by e-mail and sees no Sales area and no Mark as sold', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The owner makes a role for packing (items, not sales) and adds a packer with it.
  await signInAsDemo(page);
  const headers = { Origin: baseURL! };
  const role = await page.request.put(ROLES, {
    headers,
    data: {
      name: `packers ${Date.now()}`,
      permissions: { 'items.read': true, 'items.write': true },
    },
  });
  expect(role.status(), await role.text()).toBe(200);
  const email = `packer-${Date.now()}@listloop.local`;
  const created = await page.request.post('/api/account-users/create-with-temporary-password', {
    headers,
    data: { email, name: 'Pat Packer', roleId: (await role.json()).data.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  // The answer never carries the password: it comes by e-mail.
  expect(await created.text()).not.toContain('temporaryPassword');
  const temporaryPassword = await temporaryPasswordMailedTo(email);

  const packer = await browser.newContext();
  const packerPage = await packer.newPage();
  await submitSignIn(packerPage, { email, password: temporaryPassword });
  await expect(packerPage).toHaveURL((url) => url.pathname === '/update-password');
  await packerPage.getByLabel(/^New password/).pressSequentially('packing-all-day-1');
  await packerPage.getByLabel(/^Confirm new password/).pressSequentially('packing-all-day-1');
  await packerPage.getByRole('button', { name: 'Save password' }).click();
  await expect(packerPage).toHaveURL((url) => url.pathname === '/');

  const nav = packerPage.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Inventory' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sales' })).toHaveCount(0);

  // An item of the packer's own inventory, which their role lets them make.
  const title = `Packer tote ${Date.now()}`;
  const made = await packerPage.request.post('/api/account/item', {
    headers,
    data: { generalDetails: { title, sku: `PACK-${Date.now()}`, price: 12, quantity: 1 } },
  });
  expect(made.status(), await made.text()).toBe(201);
  await packerPage.goto(`/app/inventory/${(await made.json()).item.itemID}`);
  await expect(packerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const panel = packerPage.getByRole('region', { name: 'Marketplaces', exact: true });
  await expect(panel).toBeVisible();
  await expect(packerPage.getByRole('button', { name: 'Mark as sold' })).toHaveCount(0);
  await packer.close();

  // The owner, who holds every key, still sees both.
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sales' }),
  ).toBeVisible();
});
