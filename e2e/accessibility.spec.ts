import { expect, test, type Page } from './support/test';
import { expectNoSeriousAxeViolations, type AxeCheckOptions } from './support/axe';
import { DEMO, signInAsDemo, submitSignIn } from './support/demo';
import { findListableItem } from './support/listings';
import { temporaryPasswordMailedTo } from './support/mail';

const SIZES = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 900 } } },
  {
    name: 'phone',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

async function visit(page: Page, path: string, heading: string | RegExp, title: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page).toHaveTitle(title);
}

for (const size of SIZES) {
  test.describe(`accessibility at ${size.name} size`, () => {
    test.use(size.use);

    test('the signed-out screens pass axe', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in to ListLoop' })).toBeVisible();
      await expect(page).toHaveTitle('Sign in · ListLoop');
      await expectNoSeriousAxeViolations(page, `Sign in, ${size.name}`);

      // A refused password shows its alert: checked as the seller sees it.
      await submitSignIn(page, { email: DEMO.email, password: 'not-the-password' });
      await expect(page.getByText('The e-mail or password is not correct.')).toBeVisible();
      await expectNoSeriousAxeViolations(page, `Sign in with an error, ${size.name}`);

      await page.goto('/sign-up');
      await expect(
        page.getByRole('heading', { name: 'Create your ListLoop account' }),
      ).toBeVisible();
      await expect(page).toHaveTitle('Create your ListLoop account · ListLoop');
      await expectNoSeriousAxeViolations(page, `Sign up, ${size.name}`);

      await page.goto('/join-team');
      await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
      await expect(page).toHaveTitle('Join your team · ListLoop');
      await expectNoSeriousAxeViolations(page, `Join your team, ${size.name}`);

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle('Page not found · ListLoop');
      await expectNoSeriousAxeViolations(page, `Not found, ${size.name}`);
    });

    test('a new team member choosing their password passes axe', async ({
      page,
      browser,
      baseURL,
    }) => {
      // The owner adds a member, who gets a temporary password by e-mail; the member signs in
      // with it and is asked for a password of their own.
      await signInAsDemo(page);
      const email = `axe-${size.name}-${Date.now()}@listloop.local`;
      const created = await page.request.post('/api/account-users/create-with-temporary-password', {
        headers: { Origin: baseURL! },
        data: { email, name: 'Axe Check' },
      });
      expect(created.status(), await created.text()).toBe(201);
      const temporaryPassword = await temporaryPasswordMailedTo(email);

      const member = await browser.newContext(size.use);
      const memberPage = await member.newPage();
      await submitSignIn(memberPage, { email, password: temporaryPassword });
      await expect(memberPage).toHaveURL((url) => url.pathname === '/update-password');
      await expect(
        memberPage.getByRole('heading', { level: 1, name: 'Choose your password' }),
      ).toBeVisible();
      await expect(memberPage).toHaveTitle('Choose your password · ListLoop');
      await expectNoSeriousAxeViolations(memberPage, `Choose your password, ${size.name}`);
      await member.close();
    });

    test('every screen of the workspace, and what opens on it, passes axe', async ({
      page,
      baseURL,
    }) => {
      // About thirty screens and states, each waited for and checked by axe in turn.
      test.setTimeout(300_000);
      await signInAsDemo(page);
      const check = (screen: string, options?: AxeCheckOptions) =>
        expectNoSeriousAxeViolations(page, `${screen}, ${size.name}`, options);

      await expect(page).toHaveTitle('Home · ListLoop');
      // The dashboard as the seller reads it: its cards loaded, not their placeholders.
      await expect(page.getByRole('region', { name: 'Needs you' })).toBeVisible();
      await check('Home');

      // The header's menus and the bell's panel.
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await check('Home, notifications open');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();

      await page.getByRole('button', { name: /^Account menu for/ }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
      await check('Home, account menu open');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: /country and language/ }).click();
      await expect(page.getByRole('menuitem', { name: /Italia/ })).toBeVisible();
      await check('Home, country menu open');
      await page.keyboard.press('Escape');

      if (size.name === 'phone') {
        await page.getByRole('button', { name: 'Open navigation' }).click();
        await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport();
        await check('Home, navigation open');
        await page.getByRole('button', { name: 'Close navigation' }).click();
      }

      await visit(page, '/app/inventory', 'Inventory', 'Inventory · ListLoop');
      await expect(page.getByRole('checkbox', { name: /^Select (?!all )/ }).first()).toBeVisible();
      await check('Inventory');

      // A bulk action, as a seller opens it: pick an item, then an action from the bar.
      await page
        .getByRole('checkbox', { name: /^Select (?!all )/ })
        .first()
        .check();
      const bar = page.getByLabel('Actions on the selected items');
      await expect(bar.getByText('1 selected')).toBeVisible();
      await check('Inventory, one item selected');
      await bar.getByRole('button', { name: 'Edit' }).click();
      await expect(page.getByRole('menuitem', { name: 'Set price' })).toBeVisible();
      await check('Inventory, bulk edit menu open');
      await page.getByRole('menuitem', { name: 'Set price' }).click();
      const priceDialog = page.getByRole('dialog', { name: 'Set price' });
      await expect(priceDialog).toBeVisible();
      await check('Inventory, bulk set-price dialog');
      await page.keyboard.press('Escape');
      await expect(priceDialog).toBeHidden();
      await bar.getByRole('button', { name: 'Listings' }).click();
      await page.getByRole('menuitem', { name: 'List on marketplaces' }).click();
      const listDialog = page.getByRole('dialog', { name: 'List on marketplaces' });
      await expect(listDialog).toBeVisible();
      await check('Inventory, bulk list dialog');
      await page.keyboard.press('Escape');
      await expect(listDialog).toBeHidden();

      await visit(page, '/app/inventory/new', 'New item', 'New item · ListLoop');
      await check('New item');

      // An item listed on eBay, with a Poshmark tab beside: values from every vocabulary.
      const item = await findListableItem(page.request, {
        marketplaces: ['ebay', 'poshmark'],
        from: 'first',
        skip: size.name === 'desktop' ? 10 : 11,
        maxPrice: 2000,
      });
      const queued = await page.request.put(`/api/rest/v1/item/${item.itemID}/status`, {
        headers: { Origin: baseURL! },
        data: { userId: item.userID, marketplace: 'ebay', status: 'queue', operation: 'list' },
      });
      expect(queued.status()).toBe(202);
      const title = item.generalDetails.title;
      await visit(page, `/app/inventory/${item.itemID}`, title, `${title} · ListLoop`);
      const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
      await expect(
        panel
          .getByRole('listitem')
          .filter({ hasText: 'eBay' })
          .getByText('Listed', { exact: true }),
      ).toBeVisible({ timeout: 30_000 });
      await check('Item listed on eBay');

      await page.getByRole('combobox', { name: 'Add a marketplace' }).click();
      await page.getByRole('option', { name: 'Poshmark', exact: true }).click();
      await expect(page.getByRole('tabpanel', { name: 'Poshmark' })).toBeVisible();
      await check('Item, Poshmark tab');

      await page.getByRole('button', { name: 'Cross-list' }).click();
      const crossList = page.getByRole('dialog', { name: 'Cross-list this item' });
      await crossList.getByRole('checkbox', { name: 'Poshmark', exact: true }).check();
      await expect(crossList.getByRole('group', { name: 'Poshmark' })).toBeVisible();
      await check('Item, cross-list dialog');
      await page.keyboard.press('Escape');
      await expect(crossList).toBeHidden();

      await visit(page, '/app/labels', 'Labels', 'Labels · ListLoop');
      await check('Labels');

      // The screens below render the same components at every size, and axe's rules (names,
      // roles, contrast) do not depend on the viewport: they are checked at desktop size. The
      // phone walk keeps the screens whose components change below the breakpoint (the shell,
      // inventory, the item editor, labels).
      if (size.name === 'desktop') {
        await visit(page, '/app/import', 'Bring your inventory in', 'Import · ListLoop');
        await check('Import');

        await visit(page, '/app/sales', 'Sales', 'Sales · ListLoop');
        await check('Sales');

        await visit(page, '/app/picking-list', 'Picking list', 'Picking list · ListLoop');
        // On or off, as the picking list journey may have left it.
        await expect(
          page.getByRole('tab', { name: /^To pack/ }).or(page.getByText('The picking list is off')),
        ).toBeVisible();
        await check('Picking list');

        await visit(
          page,
          '/app/analytics',
          'Profit and analytics',
          'Profit and analytics · ListLoop',
        );
        await expect(page.getByRole('heading', { name: 'Unsold inventory by age' })).toBeVisible();
        await check('Analytics');

        await visit(page, '/app/marketplaces', 'Marketplaces', 'Marketplaces · ListLoop');
        await expect(page.getByText('eBay sandbox')).toBeVisible();
        await check('Marketplaces');

        await visit(page, '/app/rules', 'Rules', 'Rules · ListLoop');
        await expect(page.getByRole('heading', { name: 'Mapping rules' })).toBeVisible();
        await check('Rules');

        await visit(page, '/app/settings', 'Settings', 'Settings · ListLoop');
        await expect(page.getByRole('region', { name: 'Sale detection' })).toBeVisible();
        await check('Settings');

        await visit(page, '/app/service-keys', 'Service keys', 'Service keys · ListLoop');
        await check('Service keys');
        await visit(page, '/app/account', 'Account', 'Account · ListLoop');
        await expect(page.getByRole('region', { name: 'Features' })).toBeVisible();
        await check('Account');

        await visit(page, '/app/team', 'Team', 'Team · ListLoop');
        await expect(page.getByRole('table', { name: 'Team members' })).toBeVisible();
        await check('Team members');
        await page.getByRole('tab', { name: 'Roles' }).click();
        await expect(page.getByRole('table', { name: 'Roles' })).toBeVisible();
        await check('Team roles');

        await visit(page, '/app/activity', 'Activity', 'Activity · ListLoop');
        await check('Activity');

        await visit(page, '/app/workflow', 'Workflow', 'Workflow · ListLoop');
        await check('Workflow');
      }

      if (size.name === 'desktop') {
        await visit(page, '/app/reports', 'Reports', 'Reports · ListLoop');
        await expect(
          page.getByRole('region', { name: 'Items created' }).locator('.recharts-surface'),
        ).toBeVisible();
        await check('Reports');
      }

      await visit(page, '/app/no-such-screen', 'Page not found', 'Page not found · ListLoop');
      await check('Not found in the workspace');
    });
  });
}
