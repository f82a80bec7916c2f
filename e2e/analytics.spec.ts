import fs from 'node:fs/promises';
import { expect, test, type Locator } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';
import type { ApiItem } from './support/listings';

/** A day as the browser's date field shows it to a person in en-US: month, day, year. */
async function typeDay(field: Locator, day: string) {
  const [year, month, date] = day.split('-');
  // On the month, where a person clicks to start typing a date.
  await field.click({ position: { x: 14, y: 10 } });
  await field.pressSequentially(`${month}${date}${year}`);
  await expect(field).toHaveValue(day);
}

/** A day some weeks back, on which no other journey records a sale. */
function daysAgo(days: number): string {
  const date = new Date(Date.now() - days * 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test('a sale recorded shows in the figures of its day, which download as CSV', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page);
  const title = `Analytics trench coat ${Date.now()}`;
  const created = await page.request.post('/api/account/item', {
    headers: { Origin: baseURL! },
    data: { generalDetails: { title, price: 120, costOfGoods: 30, brand: 'Burberry' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = ((await created.json()) as { item: ApiItem }).item;
  const soldOn = daysAgo(37);

  // The seller sold it at a fair, and records it on the item with its price and day.
  await page.goto(`/app/inventory/${item.itemID}`);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await page
    .getByRole('region', { name: 'Marketplaces', exact: true })
    .getByRole('button', { name: 'Mark as sold' })
    .click();
  const markSold = page.getByRole('dialog', { name: 'Mark as sold' });
  await markSold.getByRole('combobox', { name: 'Where it sold' }).click();
  await page.getByRole('option', { name: 'In person or elsewhere' }).click();
  await markSold.getByRole('textbox', { name: 'Sale price' }).pressSequentially('95.50');
  await typeDay(markSold.getByLabel('Date sold'), soldOn);
  await markSold.getByRole('button', { name: 'Mark as sold' }).click();
  await expect(markSold).toBeHidden();

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Analytics' })
    .click();
  await expect(page).toHaveURL(onPath('/app/analytics'));
  await expect(page.getByRole('heading', { name: 'Profit and analytics', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Profit and analytics · ListLoop');
  await expect(page.getByRole('heading', { name: 'Unsold inventory by age' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'Analytics, last 30 days');

  // Just that day, typed as a person types it.
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await typeDay(page.getByRole('textbox', { name: 'From', exact: true }), soldOn);
  await typeDay(page.getByRole('textbox', { name: 'To', exact: true }), soldOn);
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === soldOn);

  const card = (name: string) => page.getByRole('article', { name, exact: true });
  await expect(card('Sales')).toContainText('1');
  await expect(card('Revenue')).toContainText('$95.50');
  await expect(card('Fees')).toContainText('$0.00');
  await expect(card('Cost of goods')).toContainText('$30.00');
  await expect(card('Profit')).toContainText('$65.50');
  await expect(card('Margin')).toContainText('68.6%');
  const byMarketplace = page.getByRole('region', { name: 'By marketplace' });
  await expect(
    byMarketplace
      .getByRole('row', { name: /^In person/ })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('$95.50');
  await expectNoSeriousAxeViolations(page, 'Analytics, one day');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byMarketplace.getByRole('link', { name: 'Download CSV of the figures by marketplace' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`listloop-profit-${soldOn}-${soldOn}.csv`);
  const csv = await fs.readFile(await download.path(), 'utf8');
  const rows = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(rows[0]).toMatch(/^Marketplace,Currency,Sales,Units sold,Revenue,/);
  expect(rows).toContainEqual(expect.stringMatching(/^In person,USD,1,1,95\.50,0,0\.00,/));
});
