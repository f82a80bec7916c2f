import { expect, test } from './support/test';
import { signInAsDemo } from './support/demo';
import { findListableItem } from './support/listings';

/** Codes and ids the marketplaces speak in, which a seller must never read on screen. */
const RAW = [
  /\b(NEW_OTHER|USED_EXCELLENT|USED_VERY_GOOD|USED_GOOD|USED_ACCEPTABLE|FOR_PARTS_OR_NOT_WORKING)\b/,
  /\bnot_nwt\b|\bnwt\b/,
  /\b(paymentPolicyId|returnPolicyId|fulfillmentPolicyId|shipsFromCountry|shippingPayer)\b/,
  /generalDetails\./,
  /Shipping (profile|policy) ID/,
  /\b\d{10}\b/, // an eBay business-policy id
];

test('a listed eBay item and its Poshmark tab show labels, never raw codes', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsDemo(page);
  const item = await findListableItem(page.request, {
    marketplaces: ['ebay', 'poshmark'],
    from: 'first',
    skip: 12,
    maxPrice: 2000,
  });
  const queued = await page.request.put(`/api/rest/v1/item/${item.itemID}/status`, {
    headers: { Origin: baseURL! },
    data: { userId: item.userID, marketplace: 'ebay', status: 'queue', operation: 'list' },
  });
  expect(queued.status()).toBe(202);

  await page.goto(`/app/inventory/${item.itemID}`);
  await expect(page.getByRole('heading', { name: item.generalDetails.title })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Marketplaces', exact: true });
  await expect(
    panel.getByRole('listitem').filter({ hasText: 'eBay' }).getByText('Listed', { exact: true }),
  ).toBeVisible({ timeout: 30_000 });
  // Only listings that exist get a place in the list: not the Depop department kept for later.
  await expect(panel.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('tab', { name: 'eBay' }).click();
  const ebay = page.getByRole('tabpanel', { name: 'eBay' });
  const sent = ebay.getByRole('region', { name: 'What eBay will be sent' });
  // The sandbox seller's policies, by the names its eBay account gives them.
  await expect(sent.getByText('Shipping policy: Standard shipping').first()).toBeVisible();
  await expect(sent.getByText('Payment policy: Immediate payment')).toBeVisible();
  await expect(sent.getByText('Return policy: 30-day returns')).toBeVisible();
  await expect(sent.getByText('Ships from: United States')).toBeVisible();
  await expect(sent.getByText(/^(New|Used – \w+|New – other \(see details\))$/)).toBeVisible();
  // The ZIP code and the shipping policy come from the eBay defaults: shown, not required.
  await expect(ebay.getByText(/^From your eBay defaults: 10001\./)).toBeVisible();
  await expect(ebay.getByText(/^From your eBay defaults: Standard shipping\./)).toBeVisible();
  const ebayText = await ebay.innerText();
  for (const raw of RAW) expect(ebayText).not.toMatch(raw);

  await page.getByRole('combobox', { name: 'Add a marketplace' }).click();
  await page.getByRole('option', { name: 'Poshmark', exact: true }).click();
  const poshmark = page.getByRole('tabpanel', { name: 'Poshmark' });
  // The section and the list of values inside it share the name: the section is the landmark.
  const poshmarkSent = poshmark.getByRole('region', { name: 'What Poshmark will be sent' });
  await expect(poshmarkSent).toBeVisible();
  await expect(poshmarkSent.getByText(/^(New with tags|Not new with tags)$/)).toBeVisible();
  const poshmarkText = await poshmark.innerText();
  for (const raw of RAW) expect(poshmarkText).not.toMatch(raw);

  // Connected marketplaces lead the tabs (the sandbox's Depop and eBay); the others follow by
  // name. A tab may end with the count of its problems.
  await expect(page.getByRole('tab')).toHaveText([/^Depop/, /^eBay/, /^Poshmark/]);

  // The eBay defaults choose the seller's business policies by their names too.
  await page.goto('/app/rules?marketplace=ebay');
  await expect(page.getByRole('combobox', { name: 'Payment policy' })).toHaveValue(
    'Immediate payment',
  );
  await expect(page.getByRole('combobox', { name: 'Shipping policy' })).toHaveValue(
    'Standard shipping',
  );
});
