import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SaleEvent } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { crossList } from '../../../test/listings';
import { sandboxSeller } from '../../../test/connections';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';

const BASE = '/api/rest/v1/sale_detection';

interface ApiItem {
  itemID: string;
  userID: string;
  generalDetails: { quantity: number; sku: string };
  listings: Record<string, { status: string; listedID: string | null; marketplaceSku?: string }>;
}

describe('sale detection: one event per sale, the item down everywhere else', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let connections: Record<string, string>;
  let n = 0;

  const itemOf = async (item: { itemID: string; userID: string }) =>
    (await owner.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item as ApiItem;

  /** An item listed on the given sandbox marketplaces (eBay, Shopify), waited for. */
  const listedItem = async (quantity = 1, marketplaces = ['ebay', 'shopify']) => {
    n += 1;
    const sku = `SALE-${n}-${Date.now().toString(36)}`;
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: `Wool field jacket ${sku}`,
        description: 'Heavy wool, horn buttons, no moth holes.',
        brand: 'Barbour',
        condition: 'good',
        price: 80,
        primaryColor: 'Green',
        size: 'L',
        category: '57988',
        quantity,
        sku,
        images: [{ id: 'photo-1', url: 'https://images.listloop.test/jacket-1.jpg' }],
      },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item as ApiItem;
    const listings = await crossList(owner, item, marketplaces);
    for (const m of marketplaces) {
      expect(listings[m]?.status, m).toBe('listed');
      // Sent under the seller's SKU, which the listing keeps (decision 0024).
      expect(listings[m]?.marketplaceSku, m).toBe(sku);
    }
    return itemOf(item);
  };

  const eventsOf = async (itemId: string) => {
    const list = await owner.get(`${BASE}/events?limit=200`);
    expect(list.status, list.text).toBe(200);
    return (list.body.events as SaleEvent[]).filter((e) => e.itemId === itemId);
  };

  const executorSale = (body: Record<string, unknown>) =>
    owner.post('/api/rest/v1/executor/sales', body);

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    ({ account, owner, connections } = await sandboxSeller(server));
  });
  afterAll(() => server.close());

  it('a Shopify order webhook delivered five times is one sale; the item comes down on eBay', async () => {
    const item = await listedItem();
    await server.container.sandbox!.shopify.sale({ sku: item.generalDetails.sku, duplicates: 4 });
    const after = await waitFor(
      () => itemOf(item),
      (current) => current.listings.ebay?.status === 'delisted',
    );
    expect(after.listings.shopify!.status).toBe('sold');
    expect(after.generalDetails.quantity).toBe(0);

    const events = await eventsOf(item.itemID);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      kind: 'sale',
      source: 'webhook',
      marketplace: 'shopify',
      quantity: 1,
      quantityLeft: 0,
      salePrice: 80,
    });
    const read = await owner.post(`${BASE}/get_event`, { event_id: event!.eventId });
    expect(read.status, read.text).toBe(200);
    const [ebay] = (read.body.saleEvent as SaleEvent).outcomes;
    expect(ebay).toMatchObject({ marketplace: 'ebay', outcome: 'delisted', reason: null });
    expect(ebay!.msToDelist).toBeGreaterThanOrEqual(0);
  });

  it('an eBay order found by two polls is one sale; the item comes down on Shopify', async () => {
    const item = await listedItem();
    server.container.sandbox!.ebay.produceSale({ sku: item.generalDetails.sku });
    const polls = server.container.services.salePolls;
    expect(await polls.poll(account.accountId, connections.ebay!)).toBe(1);
    expect(await polls.poll(account.accountId, connections.ebay!)).toBe(0);
    const after = await waitFor(
      () => itemOf(item),
      (current) => current.listings.shopify?.status === 'delisted',
    );
    expect(after.listings.ebay!.status).toBe('sold');
    const events = await eventsOf(item.itemID);
    expect(events.map((e) => [e.source, e.marketplace])).toEqual([['poll', 'ebay']]);
    // The amount in the currency of eBay's order, as the seller is paid.
    expect(events[0]).toMatchObject({ salePrice: 80, currency: 'USD' });
    // eBay's shipByDate is kept for the picking list: the sale plus the policy's handling days.
    const [row] = await queryRows<{ days: number }>(
      server,
      sql`SELECT extract(epoch FROM ship_by - sold_at) / 86400 AS days
          FROM sale_events WHERE item_id = ${item.itemID}`,
    );
    expect(Number(row?.days)).toBe(2);
  });

  it('with units left, the other listings stay up and the quantity goes down', async () => {
    const item = await listedItem(3);
    const sold = await executorSale({
      marketplace: 'mercari',
      externalOrderId: 'M-QTY-1',
      itemId: item.itemID,
      quantity: 1,
      salePrice: 75,
      currency: 'usd',
    });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.body.saleEvent).toMatchObject({ kind: 'sale', quantityLeft: 2, currency: 'USD' });
    expect(
      (sold.body.saleEvent as SaleEvent).outcomes.map((o) => [o.marketplace, o.outcome]),
    ).toEqual([
      ['ebay', 'quantity_left'],
      ['shopify', 'quantity_left'],
    ]);
    // The seller hears of it, the currency read whatever its case.
    const inbox = await owner.get('/api/user/notifications?limit=50');
    expect(
      (inbox.body.notifications as { kind: string; params: Record<string, unknown> }[]).find(
        (n) => n.params.itemId === item.itemID,
      ),
    ).toMatchObject({ kind: 'sale', params: { price: 75, currency: 'USD', quantity: 1 } });
    const after = await itemOf(item);
    expect(after.generalDetails.quantity).toBe(2);
    expect(after.listings.ebay!.status).toBe('listed');
    expect(after.listings.shopify!.status).toBe('listed');
    // The new quantity reaches eBay and Shopify by their jobs.
    const sandbox = server.container.sandbox!;
    await vi.waitFor(
      () => {
        expect(sandbox.ebay.store.inventoryItems.get(item.generalDetails.sku)?.quantity).toBe(2);
        const shop = sandbox.shopify.shop();
        const variant = [...shop.variants.values()].find((v) => v.sku === item.generalDetails.sku);
        expect(variant && shop.variantQuantity(variant)).toBe(2);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it('with units left, a marketplace whose listings change by delist-relist is relisted with the new quantity', async () => {
    const force = await owner.put('/api/user/settings', {
      forceDelistRelist: { ebay: { enabled: true }, poshmark: { enabled: true } },
    });
    expect(force.status, force.text).toBe(200);
    try {
      const item = await listedItem(3);
      // Poshmark is worked by the extension: its relist waits there for the extension.
      const now = Date.now();
      const live = {
        status: 'listed',
        listedID: 'PM-RELIST-1',
        listingURL: null,
        lastStatusDate: now,
        dateCreated: now,
        dateLastModified: now,
      };
      await queryRows(
        server,
        sql`UPDATE items SET listings = listings || ${JSON.stringify({ poshmark: live })}::jsonb
            WHERE id = ${item.itemID}`,
      );
      const sold = await executorSale({
        marketplace: 'mercari',
        externalOrderId: 'M-RELIST-1',
        itemId: item.itemID,
        quantity: 1,
      });
      expect(sold.status, sold.text).toBe(200);
      const event = sold.body.saleEvent as SaleEvent;
      expect(event.outcomes.map((o) => [o.marketplace, o.outcome])).toEqual([
        ['ebay', 'relist_queued'],
        ['poshmark', 'relist_queued'],
        ['shopify', 'quantity_left'],
      ]);
      // eBay comes down and goes up again with two units; Shopify's quantity is set.
      const after = await waitFor(
        () => itemOf(item),
        (current) =>
          current.listings.ebay?.status === 'listed' &&
          current.listings.poshmark?.status === 'queued',
      );
      expect(after.listings.poshmark).toMatchObject({ pendingOperation: 'relist' });
      const sandbox = server.container.sandbox!;
      expect(sandbox.ebay.store.inventoryItems.get(item.generalDetails.sku)?.quantity).toBe(2);
      const history = await owner.get(
        `/api/account/item/${item.userID}/${item.itemID}/listing-history?marketplace=ebay`,
      );
      expect(history.status, history.text).toBe(200);
      expect((history.body.events as { event: string }[]).slice(-3).map((e) => e.event)).toEqual([
        'relist',
        'delisted',
        'listed',
      ]);
      const read = await waitFor(
        async () =>
          (await owner.post(`${BASE}/get_event`, { event_id: event.eventId })).body
            .saleEvent as SaleEvent,
        (current) => current.outcomes.some((o) => o.outcome === 'relisted'),
      );
      expect(read.outcomes.find((o) => o.marketplace === 'ebay')).toMatchObject({
        outcome: 'relisted',
        reason: null,
      });
      expect(read.outcomes.find((o) => o.marketplace === 'poshmark')!.outcome).toBe(
        'relist_queued',
      );
    } finally {
      await owner.put('/api/user/settings', {
        forceDelistRelist: { ebay: { enabled: false }, poshmark: { enabled: false } },
      });
    }
  });

  it('a second sale of the last unit is a double sale, flagged, and changes nothing more', async () => {
    const item = await listedItem(1, ['ebay']);
    const first = await executorSale({
      marketplace: 'poshmark',
      externalOrderId: 'P-1',
      itemId: item.itemID,
    });
    expect(first.body.saleEvent).toMatchObject({ kind: 'sale', quantityLeft: 0 });
    const again = await executorSale({
      marketplace: 'poshmark',
      externalOrderId: 'P-1',
      itemId: item.itemID,
    });
    expect(again.body).toMatchObject({ duplicate: true });
    expect(again.body.saleEvent.eventId).toBe(first.body.saleEvent.eventId);
    const second = await executorSale({
      marketplace: 'mercari',
      externalOrderId: 'M-2',
      itemId: item.itemID,
    });
    expect(second.status, second.text).toBe(200);
    expect(second.body.saleEvent).toMatchObject({
      kind: 'double_sale',
      quantityLeft: 0,
      firstSoldOn: 'poshmark',
    });
    expect(first.body.saleEvent.firstSoldOn).toBeNull();
    expect(second.body.saleEvent.outcomes).toEqual([]);
    expect(await eventsOf(item.itemID)).toHaveLength(2);
    // The seller hears of both: the sale, and the double sale with where it sold first.
    const inbox = await owner.get('/api/user/notifications?limit=50');
    const mine = (
      inbox.body.notifications as { kind: string; params: Record<string, unknown> }[]
    ).filter((n) => n.params.itemId === item.itemID);
    expect(mine.map((n) => n.kind).sort()).toEqual(['double_sale', 'sale']);
    expect(mine.find((n) => n.kind === 'double_sale')!.params).toMatchObject({
      marketplace: 'mercari',
      soldOn: 'poshmark',
    });
  });

  it('a seller who turned auto-delist off for a marketplace keeps the other listings up', async () => {
    /** Sells on Depop an item also listed on eBay; answers the item and what the sale did on eBay. */
    const sellOnDepop = async (order: string) => {
      const item = await listedItem(1, ['ebay']);
      const sold = await executorSale({
        marketplace: 'depop',
        externalOrderId: order,
        itemId: item.itemID,
      });
      expect(sold.status, sold.text).toBe(200);
      const outcomes = sold.body.saleEvent.outcomes as { marketplace: string; outcome: string }[];
      expect(outcomes.map((o) => o.marketplace)).toEqual(['ebay']);
      return { item, outcome: outcomes[0]!.outcome };
    };
    // A sale just before reads the settings as they were (and the server keeps that read).
    expect((await sellOnDepop('D-ON-1')).outcome).toBe('delist_queued');
    const off = await owner.put('/api/rest/v1/enterprise/sale-detection/settings', {
      depop: { enabled: false },
    });
    expect(off.status, off.text).toBe(200);
    const { item, outcome } = await sellOnDepop('D-OFF-1');
    expect(outcome).toBe('not_enabled');
    expect((await itemOf(item)).listings.ebay!.status).toBe('listed');
  });

  it('a listing on Depop through the seller’s API key is delisted by its connector too', async () => {
    const item = await listedItem(1, ['ebay']);
    const now = Date.now();
    const current = await itemOf(item);
    const listings = {
      ...current.listings,
      depop: {
        status: 'listed',
        listedID: `depop-${item.itemID}`,
        listingURL: null,
        lastStatusDate: now,
        dateCreated: now,
        dateLastModified: now,
      },
    };
    await queryRows(
      server,
      sql`UPDATE items SET listings = ${JSON.stringify(listings)}::jsonb WHERE id = ${item.itemID}`,
    );
    const sold = await executorSale({
      marketplace: 'mercari',
      externalOrderId: 'M-DEPOP-1',
      itemId: item.itemID,
    });
    expect(sold.status, sold.text).toBe(200);
    const operations = await queryRows<{ marketplace: string; executor: string }>(
      server,
      sql`SELECT marketplace, executor FROM listing_operations
          WHERE item_id = ${item.itemID} AND operation = 'delist' ORDER BY marketplace`,
    );
    expect(operations).toEqual([
      { marketplace: 'depop', executor: 'connector' },
      { marketplace: 'ebay', executor: 'connector' },
    ]);
    await waitFor(
      () => itemOf(item),
      (after) => after.listings.ebay?.status === 'delisted',
    );
  });

  it('dismisses one event, then every open event of a marketplace', async () => {
    const [event] = (await owner.get(`${BASE}/events?state=open&marketplace=mercari`)).body
      .events as SaleEvent[];
    expect(event).toBeDefined();
    const wrongPlatform = await owner.post(`${BASE}/dismiss`, {
      payload: { event_id: event!.eventId },
      originPlatform: 'ebay',
    });
    expect(wrongPlatform.status).toBe(404);
    const one = await owner.post(`${BASE}/dismiss`, {
      payload: { event_id: event!.eventId },
      originPlatform: 'mercari',
    });
    expect(one.body).toEqual({ dismissed: 1 });
    const all = await owner.post(`${BASE}/dismiss_all`, { originPlatform: 'mercari' });
    expect(all.status).toBe(200);
    const open = await owner.get(`${BASE}/events?state=open&marketplace=mercari`);
    expect(open.body.events).toEqual([]);
    const dismissed = await owner.get(`${BASE}/events?state=dismissed&marketplace=mercari`);
    expect((dismissed.body.events as SaleEvent[]).length).toBeGreaterThanOrEqual(1);
  });

  it('pages the events newest first', async () => {
    const first = await owner.get(`${BASE}/events?limit=2`);
    expect(first.body.events).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const next = await owner.get(
      `${BASE}/events?limit=2&cursor=${encodeURIComponent(first.body.nextCursor as string)}`,
    );
    expect(next.status, next.text).toBe(200);
    const ids = [...first.body.events, ...next.body.events].map((e: SaleEvent) => e.eventId);
    expect(new Set(ids).size).toBe(ids.length);
    const bad = await owner.get(`${BASE}/events?cursor=not-a-cursor`);
    expect(bad.status).toBe(400);
  });

  it('a sale whose marketplace names no currency is in the account’s currency', async () => {
    const uk = await createAccount(server, { countryCode: 'UK' });
    const seller = await signIn(server, uk);
    const created = await seller.post('/api/account/item', {
      generalDetails: { title: 'Tweed cap', price: 25, quantity: 1 },
    });
    expect(created.status, created.text).toBe(201);
    const sold = await seller.post('/api/rest/v1/executor/sales', {
      marketplace: 'mercari',
      externalOrderId: 'M-GBP-1',
      itemId: created.body.item.itemID,
      salePrice: 25,
    });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.body.saleEvent).toMatchObject({ salePrice: 25, currency: 'GBP' });
  });

  it('refuses bad input with a reason, and another account sees none of it', async () => {
    expect((await owner.post(`${BASE}/get_event`, {})).status).toBe(400);
    expect((await owner.post(`${BASE}/dismiss_all`, { originPlatform: 'myspace' })).status).toBe(
      400,
    );
    const nameless = await executorSale({ marketplace: 'mercari', externalOrderId: 'X-1' });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toMatch(/itemId|listedID/);
    const unknown = await executorSale({
      marketplace: 'mercari',
      externalOrderId: 'X-2',
      itemId: 'no-such-item-000000000000',
    });
    expect(unknown.status).toBe(404);

    const other = await createAccount(server);
    const stranger = await signIn(server, other);
    const [event] = (await owner.get(`${BASE}/events`)).body.events as SaleEvent[];
    const read = await stranger.post(`${BASE}/get_event`, { event_id: event!.eventId });
    expect(read.status).toBe(404);
    const dismiss = await stranger.post(`${BASE}/dismiss`, {
      payload: { event_id: event!.eventId },
      originPlatform: event!.marketplace,
    });
    expect(dismiss.status).toBe(404);
    const sale = await stranger.post('/api/rest/v1/executor/sales', {
      marketplace: 'mercari',
      externalOrderId: 'STRANGER-1',
      itemId: event!.itemId,
    });
    expect(sale.status).toBe(404);
    expect((await stranger.get(`${BASE}/events`)).body.events).toEqual([]);
  });
});
