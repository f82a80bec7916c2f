import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClient } from '../../../test/client';
import { type AccountFixture } from '../../../test/fixtures';
import { crossList } from '../../../test/listings';
import { sandboxSeller } from '../../../test/connections';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';

const ITEMS = '/api/account/item';
const REST = '/api/rest/v1/item';

/**
 * Updates of live listings (decision 0023) and the seller's SKU (decision 0024) against the
 * eBay and Shopify emulators, as a seller meets them: list, edit, update, sell.
 */
describe('live listing updates on the eBay and Shopify emulators', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let connections: Record<string, string>;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    ({ account, owner, connections } = await sandboxSeller(server));
  });
  afterAll(() => server.close());

  const sandbox = () => server.container.sandbox!;
  const path = (itemId: string, suffix = '') =>
    `${ITEMS}/${account.userId}/${itemId}${suffix ? `/${suffix}` : ''}`;
  const itemOf = async (itemId: string) => (await owner.get(path(itemId))).body.item;

  /** A camera on eBay and Shopify, under its SKU (or the item id, when `sku` is empty). */
  const listedCamera = async (sku: string, marketplaces = ['ebay', 'shopify']) => {
    n += 1;
    const created = await owner.post(ITEMS, {
      generalDetails: {
        title: `Canon AE-1 film camera ${n}`,
        description: 'Shutter and meter work; light wear on the top plate.',
        brand: 'Canon',
        condition: 'good',
        price: 120,
        category: '15230',
        quantity: 1,
        sku,
        images: [{ id: 'photo-1', url: 'https://images.listloop.test/camera-1.jpg' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as { itemID: string; userID: string };
    const listings = await crossList(owner, item, marketplaces);
    for (const m of marketplaces) expect(listings[m]?.status, m).toBe('listed');
    return item.itemID;
  };
  const setPrice = async (itemId: string, price: number) => {
    const changed = await owner.patch(path(itemId, 'field'), {
      changes: { 'generalDetails.price': price },
    });
    expect(changed.status, changed.text).toBe(200);
  };
  const previewsOf = async (itemId: string, marketplaces = ['ebay', 'shopify']) => {
    const preview = await owner.post(path(itemId, 'preview'), { marketplaces });
    expect(preview.status, preview.text).toBe(200);
    return preview.body.previews as { marketplace: string; marketplaceSku: string | null }[];
  };
  const outOfDate = async (itemId: string) => {
    const preview = await owner.post(path(itemId, 'preview'), {
      marketplaces: ['ebay', 'shopify'],
    });
    expect(preview.status, preview.text).toBe(200);
    return Object.fromEntries(
      (preview.body.previews as { marketplace: string; outOfDate: boolean | null }[]).map((p) => [
        p.marketplace,
        p.outOfDate,
      ]),
    );
  };
  const queueUpdate = (itemId: string, marketplace: string) =>
    owner.put(`${REST}/${itemId}/status`, {
      userId: account.userId,
      marketplace,
      status: 'queue',
      operation: 'update',
    });
  const updatesOf = (itemId: string) =>
    queryRows<{ marketplace: string; status: string; last_error: string | null }>(
      server,
      sql`SELECT marketplace, status, last_error FROM listing_operations
          WHERE item_id = ${itemId} AND operation = 'update' ORDER BY marketplace, created_at`,
    );
  const ebayPrice = (sku: string) =>
    [...sandbox().ebay.store.offers.values()].find((o) => o.sku === sku)?.details.pricingSummary;
  const shopifyVariant = (sku: string) => {
    const shop = sandbox().shopify.shop();
    return [...shop.variants.values()].find((v) => v.sku === sku);
  };

  it('a price edit marks both listings out of date; updating sends it to eBay and Shopify', async () => {
    const itemId = await listedCamera('CAM-UPD-1');
    expect(await outOfDate(itemId)).toEqual({ ebay: false, shopify: false });
    // The SKU shown is the SKU sent.
    expect((await previewsOf(itemId)).map((p) => p.marketplaceSku)).toEqual([
      'CAM-UPD-1',
      'CAM-UPD-1',
    ]);

    await setPrice(itemId, 99.95);
    expect(await outOfDate(itemId)).toEqual({ ebay: true, shopify: true });
    // Until the seller updates them, the marketplaces keep the old price.
    expect(ebayPrice('CAM-UPD-1')).toEqual({ price: { value: '120.00', currency: 'USD' } });

    for (const marketplace of ['ebay', 'shopify']) {
      const queued = await queueUpdate(itemId, marketplace);
      expect(queued.status, queued.text).toBe(202);
      expect(queued.body.item.listings[marketplace].status).toBe('listed');
    }
    await waitFor(
      () => updatesOf(itemId),
      (ops) => ops.length === 2 && ops.every((o) => o.status === 'succeeded'),
    );
    expect(ebayPrice('CAM-UPD-1')).toEqual({ price: { value: '99.95', currency: 'USD' } });
    expect(shopifyVariant('CAM-UPD-1')?.price).toBe('99.95');
    expect(await outOfDate(itemId)).toEqual({ ebay: false, shopify: false });
    const item = await itemOf(itemId);
    expect([item.listings.ebay.status, item.listings.shopify.status]).toEqual(['listed', 'listed']);
    expect(sandbox().ebay.violations).toEqual([]);
    expect(sandbox().shopify.violations).toEqual([]);

    // Imported from Shopify now (the sandbox store has products of its own too), the product
    // sent under the seller's SKU is already there: no second item of it.
    const started = await owner.post('/api/rest/v1/enterprise/marketplace-import', {
      connectionId: connections.shopify,
    });
    expect(started.status, started.text).toBe(202);
    const imported = await waitFor(
      async () =>
        (await owner.get(`/api/rest/v1/enterprise/marketplace-import/${started.body.importId}`))
          .body,
      (current) => current.status === 'done' || current.status === 'failed',
    );
    expect(imported).toMatchObject({ status: 'done', linkedItems: 0, problems: [] });
    expect(imported.unchangedItems).toBeGreaterThanOrEqual(1);
    const same = await queryRows<{ id: string }>(
      server,
      sql`SELECT id FROM items WHERE account_id = ${account.accountId} AND sku = 'CAM-UPD-1'`,
    );
    expect(same.map((row) => row.id)).toEqual([itemId]);
    expect((await itemOf(itemId)).listings.shopify).toMatchObject({
      status: 'listed',
      listedID: item.listings.shopify.listedID,
    });
  });

  it('an update eBay refuses (the listing ended there) leaves the listing live with the reason', async () => {
    const itemId = await listedCamera('CAM-UPD-2', ['ebay']);
    await setPrice(itemId, 89);
    const offer = [...sandbox().ebay.store.offers.values()].find((o) => o.sku === 'CAM-UPD-2')!;
    offer.listing!.listingStatus = 'ENDED';

    expect((await queueUpdate(itemId, 'ebay')).status).toBe(202);
    const [failed] = await waitFor(
      () => updatesOf(itemId),
      (ops) => ops[0]?.status === 'failed',
    );
    expect(failed!.last_error).toMatch(/^This listing is no longer live on eBay/);
    expect((await itemOf(itemId)).listings.ebay.status).toBe('listed');
    const history = await owner.get(`${path(itemId, 'listing-history')}?marketplace=ebay`);
    expect(history.body.events.at(-1)).toMatchObject({
      event: 'update_failure',
      to: 'listed',
      reason: failed!.last_error,
    });
    expect(await outOfDate(itemId)).toMatchObject({ ebay: true });
    // Not put back on sale, and not changed.
    expect(offer).toMatchObject({ status: 'PUBLISHED', listing: { listingStatus: 'ENDED' } });
    expect(ebayPrice('CAM-UPD-2')).toEqual({ price: { value: '120.00', currency: 'USD' } });
  });

  it('a sale while an update waits cancels it: eBay is delisted with its price unchanged', async () => {
    const itemId = await listedCamera('CAM-UPD-3');
    await setPrice(itemId, 79);
    // eBay asks ListLoop to come back in a minute: the update waits in the queue.
    sandbox().ebay.faults.inject({
      kind: 'rate-limit',
      retryAfterSeconds: 60,
      operationId: 'getOffers',
    });
    expect((await queueUpdate(itemId, 'ebay')).status).toBe(202);
    await waitFor(
      () => updatesOf(itemId),
      (ops) => ops[0]?.status === 'queued' && ops[0].last_error !== null,
    );

    await sandbox().shopify.sale({ sku: 'CAM-UPD-3' });
    const after = await waitFor(
      () => itemOf(itemId),
      (item) => item.listings.ebay.status === 'delisted',
    );
    expect(after.listings.shopify.status).toBe('sold');
    expect(await updatesOf(itemId)).toEqual([expect.objectContaining({ status: 'canceled' })]);
    const offer = [...sandbox().ebay.store.offers.values()].find((o) => o.sku === 'CAM-UPD-3');
    expect(offer).toMatchObject({ status: 'UNPUBLISHED' });
    expect(ebayPrice('CAM-UPD-3')).toEqual({ price: { value: '120.00', currency: 'USD' } });
  });

  it('an eBay sale found by the poll names the seller’s SKU: found by it even before the listing says it is live', async () => {
    const itemId = await listedCamera('CAM-SKU-1', ['ebay']);
    expect((await itemOf(itemId)).listings.ebay.marketplaceSku).toBe('CAM-SKU-1');
    // As a publish whose outcome is not recorded yet leaves it: queued, no listing id or SKU.
    await queryRows(
      server,
      sql`UPDATE items SET listings = jsonb_set(listings, '{ebay}',
            ((listings -> 'ebay') - 'marketplaceSku') || '{"status":"queued","pendingOperation":"list","listedID":null}'::jsonb)
          WHERE id = ${itemId}`,
    );
    sandbox().ebay.produceSale({ sku: 'CAM-SKU-1' });
    expect(
      await server.container.services.salePolls.poll(account.accountId, connections.ebay!),
    ).toBe(1);
    const events = await owner.get('/api/rest/v1/sale_detection/events?limit=200');
    expect(
      (events.body.events as { itemId: string; marketplace: string; source: string }[]).filter(
        (e) => e.itemId === itemId,
      ),
    ).toEqual([expect.objectContaining({ marketplace: 'ebay', source: 'poll' })]);
    expect((await itemOf(itemId)).generalDetails.quantity).toBe(0);
  });

  it('a listing eBay got before sellers’ SKUs were sent is still delisted and relisted by the item id', async () => {
    const itemId = await listedCamera('', ['ebay']);
    expect(sandbox().ebay.store.inventoryItems.has(itemId)).toBe(true);
    // As ListLoop left it then: no SKU kept on the listing; and the seller gives it one now.
    await queryRows(
      server,
      sql`UPDATE items SET listings = jsonb_set(listings, '{ebay}', (listings -> 'ebay') - 'marketplaceSku')
          WHERE id = ${itemId}`,
    );
    const named = await owner.patch(path(itemId, 'field'), {
      changes: { 'generalDetails.sku': 'CAM-OLD-1' },
    });
    expect(named.status, named.text).toBe(200);
    // The item's tab says which SKU eBay has: the one the listing carries there.
    expect(await previewsOf(itemId, ['ebay'])).toEqual([
      expect.objectContaining({
        marketplaceSku: itemId,
        listing: expect.objectContaining({ sku: 'CAM-OLD-1' }),
      }),
    ]);

    const queue = (operation: string) =>
      owner.put(`${REST}/${itemId}/status`, {
        userId: account.userId,
        marketplace: 'ebay',
        status: 'queue',
        operation,
      });
    expect((await queue('delist')).status).toBe(202);
    await waitFor(
      () => itemOf(itemId),
      (item) => item.listings.ebay.status === 'delisted',
    );
    const offers = () => [...sandbox().ebay.store.offers.values()].filter((o) => o.sku === itemId);
    expect(offers()).toMatchObject([{ status: 'UNPUBLISHED' }]);

    expect((await queue('list')).status).toBe(202);
    const relisted = await waitFor(
      () => itemOf(itemId),
      (item) => item.listings.ebay.status === 'listed',
    );
    expect(relisted.listings.ebay.marketplaceSku).toBe(itemId);
    expect(offers()).toMatchObject([{ status: 'PUBLISHED' }]);
    expect(sandbox().ebay.store.inventoryItems.has('CAM-OLD-1')).toBe(false);
  });
});
