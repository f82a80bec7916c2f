import { expect, test } from './support/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { onPath, signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

const CONNECTION_PATH = '/api/rest/v1/enterprise/connection';

/**
 * The home dashboard, in sandbox mode: an item live on Poshmark (worked by the browser
 * extension) sells in person; the extension then reports that Poshmark refused the delist. The
 * seller opens the home screen and sees the sale and the failed delist, follows the count to
 * the filtered Inventory, comes back and presses "Try again": the delist is queued again and,
 * carried out this time, the item is down on Poshmark.
 *
 * The extension's reports are its own calls (set-listing-*), made here with the seller's
 * session as the extension makes them with its token. The item is the seventh listable demo
 * item from the end that Poshmark would take: other journeys take the first ones of each end.
 */
test('the dashboard shows a sale and a failed delist, and its Try again takes the item down', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const headers = { Origin: baseURL! };
  await signInAsDemo(page);
  const item = await findListableItem(page.request, {
    marketplaces: ['poshmark'],
    from: 'last',
    skip: 6,
    where: (candidate) =>
      candidate.generalDetails.size.trim() !== '' &&
      candidate.generalDetails.brand.trim() !== '' &&
      candidate.generalDetails.primaryColor !== null,
  });
  const title = item.generalDetails.title;
  const itemPath = `/api/account/item/${encodeURIComponent(item.userID)}/${encodeURIComponent(item.itemID)}`;
  const report = async (path: string, data: Record<string, unknown>) => {
    const reported = await page.request.post(`${itemPath}/${path}`, {
      headers,
      data: { marketplace: 'poshmark', ...data },
    });
    expect(reported.status(), await reported.text()).toBe(200);
  };

  // Live on Poshmark: a closet connected, the original price Poshmark asks for, listed.
  const run = Date.now().toString(36);
  const connection = await page.request.put(
    `${CONNECTION_PATH}/${`dash${run}`.padEnd(24, '0').slice(0, 24)}`,
    { headers, data: { marketplace: 'poshmark', nickname: `Dashboard closet ${run}` } },
  );
  expect(connection.ok(), await connection.text()).toBe(true);
  const seeded = await page.request.put(`${itemPath}/listing/poshmark`, {
    headers,
    data: { listing: { originalPrice: 120 } },
  });
  expect(seeded.status(), await seeded.text()).toBe(200);
  const listed = await page.request.put(
    `/api/rest/v1/item/${encodeURIComponent(item.itemID)}/status`,
    {
      headers,
      data: { userId: item.userID, marketplace: 'poshmark', status: 'queue', operation: 'list' },
    },
  );
  expect(listed.status(), await listed.text()).toBe(202);
  await report('set-listing-listed', { listedID: `posh-${run}` });

  // Sold in person; the delist it queued on Poshmark is refused there.
  const sold = await page.request.put(`${itemPath}/mark-item-as-sold`, {
    headers,
    data: { marketplace: 'in_person', salePrice: 37.5 },
  });
  expect(sold.status(), await sold.text()).toBe(200);
  await report('set-listing-delist-failure', {
    reason: 'Poshmark showed an error page instead of the listing.',
  });

  // The seller opens ListLoop: the sale, and the failed delist with the marketplace's reason.
  await page.goto('/');
  const latest = page.getByRole('list', { name: 'Latest sales this week' });
  const sale = latest.getByRole('listitem').filter({ hasText: title });
  await expect(sale).toContainText('In person');
  await expect(sale).toContainText('$37.50');
  const failures = page.getByRole('region', { name: 'Failed lists and delists' });
  const failure = failures.getByRole('listitem').filter({ hasText: title });
  await expect(failure).toContainText(
    'Delisting from Poshmark failed. It is still for sale there.',
  );
  await expect(failure).toContainText('Poshmark showed an error page instead of the listing.');
  await expectNoSeriousAxeViolations(page, 'Home, a sale and a failed delist');

  // The count opens the Inventory filtered to the items whose delist failed.
  await failures.getByRole('link', { name: /failed to delist$/ }).click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === '/app/inventory' &&
      url.searchParams.get('listingStatus') === 'delist_failure',
  );
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(onPath('/'));

  // Try again: queued once more, and the failure leaves the list.
  await failure.getByRole('button', { name: `Try again: delist “${title}” from Poshmark` }).click();
  await expect(page.getByText('Delisting from Poshmark queued again.')).toBeVisible();
  await expect(failures.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // This time the extension takes it down; the item says so.
  await report('set-listing-delisted', {});
  await sale.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(onPath(`/app/inventory/${item.itemID}`));
  const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
  await expect(
    panel
      .getByRole('listitem')
      .filter({ hasText: 'Poshmark' })
      .getByText('Delisted', { exact: true }),
  ).toBeVisible();
});
