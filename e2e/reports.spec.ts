import fs from 'node:fs/promises';
import { expect, test } from './support/test';
import { parse } from 'csv-parse/sync';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';

/**
 * Reports (spec §7): a seller chooses the columns of an item report, makes it, waits while it
 * is written, downloads the CSV and finds in it what they asked for; the items created by date
 * show as a chart and as a table.
 */
test('a seller makes an item report with the columns they chose and downloads it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(page).toHaveURL(onPath('/app/reports'));
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page).toHaveTitle('Reports · ListLoop');

  // The totals of items created: a chart, and the same figures as a table.
  const created = page.getByRole('region', { name: 'Items created' });
  await expect(created.getByText(/items? created from /)).toBeVisible();
  await expect(created.locator('.recharts-surface')).toBeVisible();
  await created.getByRole('radiogroup', { name: 'One bar per' }).getByText('Week').click();
  await created.getByRole('radiogroup', { name: 'Show as' }).getByText('Table').click();
  const table = created.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Items created' })).toBeVisible();
  await expect(table.getByRole('row')).not.toHaveCount(1);

  // The report: a CSV with Condition added and Cost of goods taken away.
  const report = page.getByRole('region', { name: 'Item report' });
  await report.getByRole('radiogroup', { name: 'File type' }).getByText('CSV').click();
  await report.getByRole('checkbox', { name: 'Condition' }).check();
  await report.getByRole('checkbox', { name: 'Cost of goods' }).uncheck();
  await expect(report.getByText('11 columns chosen')).toBeVisible();
  await report.getByRole('button', { name: 'Make the report' }).click();

  // A person waits and watches it move, then it is ready.
  const latest = report.getByRole('region', { name: 'Your latest report' });
  const ready = latest.getByText(/^Ready: [\d,]+ rows?, /);
  await expect(ready).toBeVisible({ timeout: 60_000 });
  const rows = Number(
    (await ready.textContent())!.match(/^Ready: ([\d,]+)/)![1]!.replace(/,/g, ''),
  );
  expect(rows).toBeGreaterThan(0);
  await expect(report.getByRole('button', { name: 'Make the report' })).toBeEnabled();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    latest.getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^listloop-items-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  const csv = parse(await fs.readFile((await download.path())!, 'utf8'), {
    bom: true,
  }) as string[][];
  expect(csv[0]).toEqual([
    'Title',
    'SKU',
    'Brand',
    'Condition',
    'Price (USD)',
    'Quantity',
    'Status',
    'Location',
    'Labels',
    'Marketplaces',
    'Created',
  ]);
  expect(csv).toHaveLength(rows + 1);
  // Words, not codes: every status is one a person reads; dates as a US spreadsheet reads them.
  expect(csv.slice(1).every((row) => ['Complete', 'In progress'].includes(row[6]!))).toBe(true);
  expect(csv.slice(1).every((row) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/.test(row[10]!))).toBe(
    true,
  );

  // It is listed among the recent reports, ready.
  const recent = report.getByRole('region', { name: 'Recent reports' });
  await expect(recent.getByRole('link', { name: /^Download the CSV report of / })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Reports, a report ready');
});
