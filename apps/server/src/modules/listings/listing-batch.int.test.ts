import { sql } from 'drizzle-orm';
import type { MarketplaceId } from '@listloop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { createAccount, memberContext, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { connectStandIn, standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';
import { ConnectorError } from '../../connectors/contract';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const STEADY = ['ebay', 'etsy', 'whatnot'] as const satisfies readonly MarketplaceId[];
const FLAKY: MarketplaceId = 'sellwild';

/** A signed-in seller with the four marketplaces connected through stand-ins delisting by `delist`. */
async function sellerWithStandIns(
  server: TestServer,
  delist: (marketplace: MarketplaceId, listedID: string | null) => Promise<void>,
): Promise<{ account: AccountFixture; owner: TestClient }> {
  const account = await createAccount(server);
  const owner = await signIn(server, account);
  const { container } = server;
  const context = await memberContext(
    container,
    { userId: account.userId, email: account.email, name: 'Ada Seller' },
    'listing-batch-test',
  );
  for (const marketplace of [...STEADY, FLAKY]) {
    container.connectors.register(
      standInConnector(marketplace, { delist: (input) => delist(marketplace, input.listedID) }),
    );
    await connectStandIn(container, context, marketplace);
  }
  return { account, owner };
}

/**
 * An item of one unit live on the four, as if listed long ago (what each needs to list is not
 * these tests'), sold on Mercari: its delists on the four are queued.
 */
async function sellLiveItem(
  server: TestServer,
  owner: TestClient,
  sku: string,
): Promise<{ itemID: string; userID: string }> {
  const created = await owner.post('/api/account/item', {
    generalDetails: { ...COMPLETE_DETAILS, sku, quantity: 1 },
  });
  expect(created.status, created.text).toBe(201);
  const item = created.body.item as { itemID: string; userID: string };
  const now = Date.now();
  const live = Object.fromEntries(
    [...STEADY, FLAKY].map((marketplace) => [
      marketplace,
      {
        status: 'listed',
        listedID: `${marketplace.toUpperCase()}-${sku}`,
        listingURL: null,
        lastStatusDate: now,
        dateCreated: now,
        dateLastModified: now,
      },
    ]),
  );
  await server.container.database.db.execute(
    sql`UPDATE items SET listings = ${JSON.stringify(live)}::jsonb WHERE id = ${item.itemID}`,
  );
  const sold = await owner.post('/api/rest/v1/executor/sales', {
    marketplace: 'mercari',
    externalOrderId: `M-${sku}`,
    itemId: item.itemID,
  });
  expect(sold.status, sold.text).toBe(200);
  return item;
}

/**
 * A sale's delists on four marketplaces are taken by one worker together: the marketplaces are
 * called at once, and the three that answer are recorded in one transaction. The fourth, whose
 * marketplace is briefly away, is retried on its own and delisted after.
 */
describe('the delists of one sale, carried out together', () => {
  let server: TestServer;
  let owner: TestClient;
  const calls = new Map<string, number>();
  let arrived = 0;
  let allArrived: () => void = () => undefined;
  const together = new Promise<void>((resolve) => {
    allArrived = resolve;
  });

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    ({ owner } = await sellerWithStandIns(server, async (marketplace) => {
      const n = (calls.get(marketplace) ?? 0) + 1;
      calls.set(marketplace, n);
      if (marketplace === FLAKY) {
        if (n === 1) throw new ConnectorError('Service unavailable', { transient: true });
        return;
      }
      // Each steady delist answers only once all three are under way: called one after
      // another, the first would wait here for ever and the test would time out.
      arrived += 1;
      if (arrived === STEADY.length) allArrived();
      await together;
    }));
  });
  afterAll(() => server?.close());

  it('calls the marketplaces at once, records them in one transaction, and retries one alone', async () => {
    const item = await sellLiveItem(server, owner, 'BATCH-1');

    const listings = await waitFor(
      async () =>
        (await owner.get(`/api/account/item/${item.userID}/${item.itemID}`)).body.item
          .listings as Record<string, { status: string }>,
      (now) => [...STEADY, FLAKY].every((marketplace) => now[marketplace]?.status === 'delisted'),
      20_000,
    );
    expect(Object.keys(listings).sort()).toEqual([...STEADY, FLAKY].sort());
    expect(Object.fromEntries(calls)).toEqual({ ebay: 1, etsy: 1, whatnot: 1, sellwild: 2 });

    // xmin is the transaction that wrote a row: one for the three, another for the retry.
    const delisted = await queryRows<{ marketplace: string; tx: string }>(
      server,
      sql`SELECT marketplace, xmin::text AS tx FROM listing_events
          WHERE item_id = ${item.itemID} AND to_status = 'delisted'`,
    );
    expect(delisted.map((row) => row.marketplace).sort()).toEqual([...STEADY, FLAKY].sort());
    const steadyTx = new Set(
      delisted.filter((row) => row.marketplace !== FLAKY).map((row) => row.tx),
    );
    expect(steadyTx.size).toBe(1);
    expect(delisted.find((row) => row.marketplace === FLAKY)?.tx).not.toBe([...steadyTx][0]);

    const operations = await queryRows<{ marketplace: string; status: string; attempts: number }>(
      server,
      sql`SELECT marketplace, status, attempts FROM listing_operations
          WHERE item_id = ${item.itemID} AND operation = 'delist' ORDER BY marketplace`,
    );
    expect(operations).toEqual([
      { marketplace: 'ebay', status: 'succeeded', attempts: 1 },
      { marketplace: 'etsy', status: 'succeeded', attempts: 1 },
      { marketplace: 'sellwild', status: 'succeeded', attempts: 2 },
      { marketplace: 'whatnot', status: 'succeeded', attempts: 1 },
    ]);
  });
});

/**
 * A fetch may take only some of a sale's delists: the worker that takes one takes the item's
 * other untried delists with it, so they are still carried out and recorded together. A job
 * that comes for one of them later finds it done; one that fails goes back with a job of its own.
 */
describe('the delists of one sale, when a fetch took only one of them', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  const calls = new Map<string, number>();

  beforeAll(async () => {
    // No worker: the test hands the worker the jobs itself, one at a time.
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
    ({ account, owner } = await sellerWithStandIns(server, async (marketplace) => {
      const n = (calls.get(marketplace) ?? 0) + 1;
      calls.set(marketplace, n);
      if (marketplace === FLAKY && n === 1) {
        throw new ConnectorError('Service unavailable', { transient: true });
      }
    }));
  });
  afterAll(() => server?.close());

  it('takes the item’s other delists with the one fetched, and retries the failed one on its own', async () => {
    const item = await sellLiveItem(server, owner, 'BATCH-2');

    type Operation = { id: string; marketplace: string; status: string; attempts: number };
    const operations = () =>
      queryRows<Operation & { job: string | null }>(
        server,
        sql`SELECT id, marketplace, status::text AS status, attempts, job_id AS job
            FROM listing_operations
            WHERE item_id = ${item.itemID} AND operation = 'delist' ORDER BY marketplace`,
      );
    const queued = await operations();
    expect(queued.map((op) => [op.marketplace, op.status, op.attempts])).toEqual([
      ['ebay', 'queued', 0],
      ['etsy', 'queued', 0],
      ['sellwild', 'queued', 0],
      ['whatnot', 'queued', 0],
    ]);
    const { listings } = server.container.services;
    const run = (op: Operation) => ({
      payload: { operationId: op.id, accountId: account.accountId },
      job: { retryCount: 0, retryLimit: 5, logger: server.container.logger },
      traced: <T>(work: () => Promise<T>) => work(),
    });

    // The fetch took eBay's job alone.
    const ebay = queued.find((op) => op.marketplace === 'ebay')!;
    expect(await listings.executeBatch([run(ebay)])).toEqual([undefined]);
    expect(Object.fromEntries(calls)).toEqual({ ebay: 1, etsy: 1, whatnot: 1, sellwild: 1 });
    const delisted = await queryRows<{ marketplace: string; tx: string }>(
      server,
      sql`SELECT marketplace, xmin::text AS tx FROM listing_events
          WHERE item_id = ${item.itemID} AND to_status = 'delisted'`,
    );
    expect(delisted.map((row) => row.marketplace).sort()).toEqual([...STEADY].sort());
    expect(new Set(delisted.map((row) => row.tx)).size).toBe(1);
    const after = await operations();
    const flaky = after.find((op) => op.marketplace === FLAKY)!;
    expect(after.map((op) => [op.marketplace, op.status, op.attempts])).toEqual([
      ['ebay', 'succeeded', 1],
      ['etsy', 'succeeded', 1],
      ['sellwild', 'queued', 1],
      ['whatnot', 'succeeded', 1],
    ]);
    // Sellwild's retry has a job of its own, not the first one, which may have run already.
    const first = queued.find((op) => op.marketplace === FLAKY)!;
    expect(flaky.job).not.toBeNull();
    expect(flaky.job).not.toBe(first.job);

    // Etsy's own job comes later and finds its delist done: the marketplace is not called again.
    const etsy = queued.find((op) => op.marketplace === 'etsy')!;
    expect(await listings.executeBatch([run(etsy)])).toEqual([undefined]);
    expect(calls.get('etsy')).toBe(1);

    // Sellwild's retry delists it.
    expect(await listings.executeBatch([run(flaky)])).toEqual([undefined]);
    expect(calls.get(FLAKY)).toBe(2);
    const last = await operations();
    expect(last.find((op) => op.marketplace === FLAKY)).toMatchObject({
      status: 'succeeded',
      attempts: 2,
    });
  });
});

/**
 * One fetch may hold the delists of several sales: the items and their operations are read
 * once, and what every marketplace confirmed is recorded in one transaction for all the items.
 * If a listing moved on while its marketplace was being called, each item is recorded on its
 * own instead, and only that listing's delist is left unrecorded.
 */
describe('the delists of several sales, taken in one fetch', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  const called: string[] = [];
  /** A listing id whose listing the seller marks not listed while its delist is under way. */
  let movesOn: string | null = null;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' }, work: false });
    ({ account, owner } = await sellerWithStandIns(server, async (marketplace, listedID) => {
      called.push(`${listedID}`);
      if (listedID !== movesOn) return;
      await server.container.database.db.execute(sql`
        UPDATE items SET listings = jsonb_set(listings, ${`{${marketplace},status}`}::text[], '"not_listed"')
        WHERE listings -> ${marketplace} ->> 'listedID' = ${listedID}`);
    }));
  });
  afterAll(() => server?.close());

  type Operation = { id: string; itemId: string; marketplace: string; status: string };
  const delistsOf = (itemIds: readonly string[]) =>
    queryRows<Operation>(
      server,
      sql`SELECT id, item_id AS "itemId", marketplace, status::text AS status
          FROM listing_operations
          WHERE item_id IN (${sql.join(
            itemIds.map((id) => sql`${id}`),
            sql`, `,
          )})
            AND operation = 'delist' ORDER BY item_id, marketplace`,
    );
  const delistedEvents = (itemIds: readonly string[]) =>
    queryRows<{ itemId: string; marketplace: string; tx: string }>(
      server,
      sql`SELECT item_id AS "itemId", marketplace, xmin::text AS tx FROM listing_events
          WHERE item_id IN (${sql.join(
            itemIds.map((id) => sql`${id}`),
            sql`, `,
          )})
            AND to_status = 'delisted' ORDER BY item_id, marketplace`,
    );
  const run = (op: Operation) => ({
    payload: { operationId: op.id, accountId: account.accountId },
    job: { retryCount: 0, retryLimit: 5, logger: server.container.logger },
    traced: <T>(work: () => Promise<T>) => work(),
  });
  /** The fetch holds one job of each item: eBay's. */
  const fetchOfEbay = (ops: readonly Operation[]) =>
    ops.filter((op) => op.marketplace === 'ebay').map(run);

  it('records every item’s delists in one transaction', async () => {
    const items = [
      await sellLiveItem(server, owner, 'MANY-1'),
      await sellLiveItem(server, owner, 'MANY-2'),
      await sellLiveItem(server, owner, 'MANY-3'),
    ];
    const ids = items.map((item) => item.itemID);
    const jobs = fetchOfEbay(await delistsOf(ids));
    expect(jobs).toHaveLength(3);

    const failures = await server.container.services.listings.executeBatch(jobs);
    expect(failures).toEqual([undefined, undefined, undefined]);

    expect(called).toHaveLength(12);
    expect((await delistsOf(ids)).every((op) => op.status === 'succeeded')).toBe(true);
    const events = await delistedEvents(ids);
    expect(events).toHaveLength(12);
    expect(new Set(events.map((event) => event.tx)).size).toBe(1);
    for (const item of items) {
      const read = await owner.get(`/api/account/item/${item.userID}/${item.itemID}`);
      const listings = read.body.item.listings as Record<string, { status: string }>;
      expect([...STEADY, FLAKY].map((marketplace) => listings[marketplace]?.status)).toEqual([
        'delisted',
        'delisted',
        'delisted',
        'delisted',
      ]);
    }
  });

  it('records each item on its own when a listing moved on meanwhile', async () => {
    const items = [
      await sellLiveItem(server, owner, 'MOVED-1'),
      await sellLiveItem(server, owner, 'MOVED-2'),
    ];
    const ids = items.map((item) => item.itemID);
    movesOn = 'ETSY-MOVED-2';
    called.length = 0;

    const failures = await server.container.services.listings.executeBatch(
      fetchOfEbay(await delistsOf(ids)),
    );
    expect(failures).toEqual([undefined, undefined]);
    expect(called).toHaveLength(8);

    const events = await delistedEvents(ids);
    const [first, second] = ids;
    expect(events.filter((event) => event.itemId === first)).toHaveLength(4);
    expect(events.filter((event) => event.itemId === second).map((e) => e.marketplace)).toEqual([
      'ebay',
      'sellwild',
      'whatnot',
    ]);
    // Not the one transaction: the first item's was written apart from the second's.
    expect(new Set(events.map((event) => event.tx)).size).toBeGreaterThan(1);
    const read = await owner.get(`/api/account/item/${items[1]!.userID}/${second}`);
    expect(read.body.item.listings.etsy.status).toBe('not_listed');
  });
});
