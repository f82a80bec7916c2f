import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SaleEvent } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { connectMarketplace, sandboxSeller } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { listingJobLookup } from '../listings/listing.jobs';
import { jobIdOf } from '../listings/listing.messages';

/** Marketplaces the browser extension works: their delists wait for it, so nothing runs them. */
const LISTED_ON = ['mercari', 'poshmark', 'grailed'] as const;
const RACES = 25;

describe('sale detection under concurrency: never two sold, never a lost delist', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  /** An item with one unit, live on the three marketplaces. */
  const liveItem = async (title: string) => {
    const created = await owner.post('/api/account/item', {
      generalDetails: { title, quantity: 1, price: 40 },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const now = Date.now();
    const listings = Object.fromEntries(
      LISTED_ON.map((m) => [
        m,
        {
          status: 'listed',
          listedID: `${m}-${itemId}`,
          listingURL: null,
          lastStatusDate: now,
          dateCreated: now,
          dateLastModified: now,
        },
      ]),
    );
    await queryRows(
      server,
      sql`UPDATE items SET listings = ${JSON.stringify(listings)}::jsonb WHERE id = ${itemId}`,
    );
    return itemId;
  };

  const sell = (marketplace: string, order: string, itemId: string) =>
    owner.post('/api/rest/v1/executor/sales', { marketplace, externalOrderId: order, itemId });

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it(`two sales of the last unit at once, ${RACES} times: one sale, one double sale, every other listing queued for delist`, async () => {
    for (let race = 0; race < RACES; race += 1) {
      const itemId = await liveItem(`Race ${race}`);
      const answers = await Promise.all([
        sell('mercari', `M-${race}`, itemId),
        sell('poshmark', `P-${race}`, itemId),
        // The same order again, at the same moment: still one event.
        sell('mercari', `M-${race}`, itemId),
      ]);
      for (const answer of answers) expect(answer.status, answer.text).toBe(200);

      const events = await queryRows<{
        kind: string;
        marketplace: string;
        id: string;
        first_sold_on: string | null;
      }>(
        server,
        sql`SELECT kind, marketplace, id, first_sold_on FROM sale_events WHERE item_id = ${itemId}`,
      );
      expect(events.map((e) => e.kind).sort()).toEqual(['double_sale', 'sale']);
      const winner = events.find((e) => e.kind === 'sale')!;
      // The double sale names the winner's marketplace as where the unit sold first.
      expect(events.find((e) => e.kind === 'double_sale')!.first_sold_on).toBe(winner.marketplace);

      const [item] = await queryRows<{
        quantity: number;
        listings: Record<string, { status: string }>;
      }>(
        server,
        sql`SELECT (general_details->>'quantity')::int AS quantity, listings
            FROM items WHERE id = ${itemId}`,
      );
      expect(item!.quantity).toBe(0);
      const sold = Object.entries(item!.listings).filter(([, l]) => l.status === 'sold');
      expect(sold.map(([m]) => m)).toEqual([winner.marketplace]);

      // Every other marketplace has its delist: queued, and an operation to carry it out.
      const others = LISTED_ON.filter((m) => m !== winner.marketplace);
      for (const marketplace of others) {
        expect(item!.listings[marketplace]!.status).toBe('queued');
      }
      const operations = await queryRows<{ marketplace: string; operation: string }>(
        server,
        sql`SELECT marketplace, operation FROM listing_operations
            WHERE item_id = ${itemId} AND status IN ('queued', 'running')
            ORDER BY marketplace`,
      );
      expect(operations).toEqual(
        [...others].sort().map((m) => ({ marketplace: m, operation: 'delist' })),
      );
    }
  });

  it('a listing that goes live after its item sold out comes down at once', async () => {
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: 'Late listing',
        description: 'Corduroy jacket, size M.',
        quantity: 1,
        price: 40,
        condition: 'good',
        category: 'Clothing > Men > Coats & Jackets',
        images: [{ id: 'photo-1', url: 'https://images.listloop.test/late-1.jpg' }],
      },
    });
    const item = created.body.item as { itemID: string; userID: string };
    await connectMarketplace(owner, 'facebook');
    const queued = await owner.put(`/api/rest/v1/item/${item.itemID}/status`, {
      userId: item.userID,
      marketplace: 'facebook',
      status: 'queue',
      operation: 'list',
    });
    expect(queued.status, queued.text).toBe(202);
    // The item sells elsewhere while the extension is still listing it on Facebook.
    const sold = await sell('vinted', 'V-LATE-1', item.itemID);
    expect(sold.body.saleEvent).toMatchObject({ kind: 'sale', quantityLeft: 0 });
    const listed = await owner.post(
      `/api/account/item/${item.userID}/${item.itemID}/set-listing-listed`,
      { marketplace: 'facebook', listedID: 'FB-LATE-1' },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.item.listings.facebook).toMatchObject({
      status: 'queued',
      pendingOperation: 'delist',
      listedID: 'FB-LATE-1',
    });
  });

  it('the sale event says what happened on each other marketplace', async () => {
    const itemId = await liveItem('Outcomes');
    const sold = await sell('grailed', 'G-OUT-1', itemId);
    const event = sold.body.saleEvent as SaleEvent;
    expect(event.outcomes.map((o) => [o.marketplace, o.outcome])).toEqual([
      ['mercari', 'delist_queued'],
      ['poshmark', 'delist_queued'],
    ]);
    expect(event.outcomes.every((o) => o.operationId)).toBe(true);
  });
});

describe('a process that dies between the sale and sending its delists', () => {
  let server: TestServer;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    ({ owner } = await sandboxSeller(server));
  });
  afterAll(() => server.close());

  it('leaves the delist queued with nothing sent; the sweeper sends it and it is carried out', async () => {
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: 'Suede chelsea boots',
        description: 'Resoled, size 9.',
        brand: 'Clarks',
        condition: 'good',
        price: 60,
        category: '57988',
        quantity: 1,
        images: [{ id: 'photo-1', url: 'https://images.listloop.test/boots-1.jpg' }],
      },
    });
    const item = created.body.item as { itemID: string; userID: string };
    const queued = await owner.put(`/api/rest/v1/item/${item.itemID}/status`, {
      userId: item.userID,
      marketplace: 'ebay',
      status: 'queue',
      operation: 'list',
    });
    expect(queued.status, queued.text).toBe(202);
    const read = async () =>
      (await owner.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item.listings
        .ebay as { status: string };
    await vi.waitFor(async () => expect((await read()).status).toBe('listed'), {
      timeout: 30_000,
      interval: 100,
    });

    // The process dies after the sale's transaction commits, before the delist is sent.
    const listings = server.container.services.listings;
    const send = vi.spyOn(listings, 'sendAll').mockRejectedValueOnce(new Error('process killed'));
    const sold = await owner.post('/api/rest/v1/executor/sales', {
      marketplace: 'mercari',
      externalOrderId: 'M-CRASH-1',
      itemId: item.itemID,
    });
    expect(sold.status, sold.text).toBe(200);
    expect(send).toHaveBeenCalledTimes(1);
    send.mockRestore();
    expect((await read()).status).toBe('queued');
    const [operation] = await queryRows<{ id: string; job_id: string | null }>(
      server,
      sql`SELECT id, job_id FROM listing_operations
          WHERE item_id = ${item.itemID} AND operation = 'delist'`,
    );
    expect(operation!.job_id).toBeNull();
    const sent = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE id = ${jobIdOf(operation!.id)}`,
    );
    expect(sent).toEqual([{ n: 0 }]);

    // Later (the sweeper looks for sends lost more than 15 s ago), the sweeper sends it.
    await queryRows(
      server,
      sql`UPDATE listing_operations SET created_at = now() - interval '1 minute',
            updated_at = now() - interval '1 minute' WHERE id = ${operation!.id}`,
    );
    const swept = await listings.sweep(
      listingJobLookup(server.container.queue),
      server.container.logger,
    );
    expect(swept.resent).toBeGreaterThanOrEqual(1);
    await vi.waitFor(async () => expect((await read()).status).toBe('delisted'), {
      timeout: 30_000,
      interval: 100,
    });
  });
});
