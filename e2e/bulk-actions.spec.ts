import { expect, test } from './support/test';
import { onPath, signInAsDemo } from './support/demo';

test.describe('bulk actions', () => {
  test('the seller labels a few items at once, watches it finish, and finds the label on them', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // Labels are at most 20 characters.
    const label = `Bulk ${Date.now().toString(36)}`;
    await signInAsDemo(page);

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Inventory' })
      .click();
    await expect(page).toHaveURL(onPath('/app/inventory'));

    // Three items picked by their checkboxes.
    const rows = page.getByRole('checkbox', { name: /^Select (?!all )/ });
    await expect(rows.first()).toBeVisible();
    const titles: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const box = rows.nth(index);
      titles.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
      await box.check();
    }
    const bar = page.getByLabel('Actions on the selected items');
    await expect(bar.getByText('3 selected')).toBeVisible();

    await bar.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('menuitem', { name: 'Add labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add labels' });
    const labels = dialog.getByRole('combobox', { name: 'Labels' });
    await labels.fill(label);
    await labels.press('Enter');
    // Leaving the field closes its suggestions, as a person tabbing on would.
    await labels.press('Tab');
    await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply to 3 items' }).click();
    await expect(dialog).toBeHidden();

    // The server runs it as a job; its progress streams into the inventory until it is done.
    const run = page
      .getByRole('list', { name: 'Bulk actions' })
      .getByRole('listitem', { name: 'Edit labels' })
      .first();
    await expect(run.getByText('Finished.')).toBeVisible({ timeout: 30_000 });
    await expect(run.getByText('3 of 3 items processed')).toBeVisible();
    await expect(run.getByText('3 done · 0 failed · 0 skipped')).toBeVisible();
    await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    // The outcome is still there after a reload, until the seller dismisses it.
    await page.reload();
    await expect(run.getByText('Finished.')).toBeVisible();
    await run.getByRole('button', { name: 'Dismiss “Edit labels”' }).click();
    await expect(page.getByRole('listitem', { name: 'Edit labels' })).toHaveCount(0);

    // The label is on exactly those items.
    await page.goto(`/app/inventory?label=${encodeURIComponent(label)}`);
    await expect(page.getByText('3 items', { exact: true })).toBeVisible();
    for (const title of titles) {
      await expect(page.getByRole('checkbox', { name: `Select ${title}` })).toBeVisible();
    }
    await expect(page.getByRole('row').filter({ hasText: label })).toHaveCount(3);
  });
});
