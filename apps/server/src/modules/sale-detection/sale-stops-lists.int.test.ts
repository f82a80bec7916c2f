import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SaleEvent } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const ITEMS = '/api/account/item';
const EXECUTOR = '/api/rest/v1/executor';
const STOPPED = 'Sold on Shopify before it was listed.';
const LIVE_ON_POSHMARK = (listedID: string) => {
  const now = Date.now();
  return {
    poshmark: {
      status: 'listed',
      listedID,
      listingURL: null,
      originalPrice: 90,
      lastStatusDate: now,
      dateCreated: now,
      dateLastModified: now,
    },
  };
};

interface Operation {
  id: string;
  operation: string;
  status: string;
  cancel_reason: string | null;
  executor: string;
}

/**
 * What a sale of the last unit does to the item's listings still on their way up (decision
 * 0019): a queued list ends without going live, a relist whose listing is live comes down
 * instead of going back up, the executor that claimed one is told, and a listing that went
 * live all the same is recorded and taken down.
 */
function harness(options: { work?: boolean } = {}) {
  const ctx = {} as {
    server: TestServer;
    account: AccountFixture;
    owner: TestClient;
  };
  let n = 0;

  beforeAll(async () => {
    ctx.server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000' },
      ...(options.work === false ? { work: false } : {}),
    });
    ctx.account = await createAccount(ctx.server);
    ctx.owner = await signIn(ctx.server, ctx.account);
    // ListLoop lists only where the seller connected an account (the stand-in connectors of
    // the API cases take any token).
    for (const marketplace of ['poshmark', 'facebook', 'sellwild', 'whatnot'] as const)
      await connectMarketplace(ctx.owner, marketplace);
  });
  afterAll(() => ctx.server.close());

  const api = {
    ctx,
    /**
     * An item of `quantity` units, live on Shopify (so a Shopify order can sell it), with what
     * Poshmark needs to be listed unless `poshmark` is false.
     */
    async liveItem(
      quantity = 1,
      extra: Record<string, unknown> = {},
      poshmark = true,
    ): Promise<string> {
      n += 1;
      const created = await ctx.owner.post(ITEMS, {
        generalDetails: {
          ...COMPLETE_DETAILS,
          size: 'M',
          primaryColor: 'Blue',
          sku: `STOP-${n}-${Date.now().toString(36)}`,
          quantity,
        },
      });
      expect(created.status, created.text).toBe(201);
      const itemId = created.body.item.itemID as string;
      const now = Date.now();
      const listings = {
        // What Poshmark needs beyond the general details.
        ...(poshmark ? { poshmark: { status: 'not_listed', originalPrice: 90 } } : {}),
        shopify: {
          status: 'listed',
          listedID: `shopify-${itemId}`,
          listingURL: null,
          lastStatusDate: now,
          dateCreated: now,
          dateLastModified: now,
        },
        ...extra,
      };
      await queryRows(
        ctx.server,
        sql`UPDATE items SET listings = ${JSON.stringify(listings)}::jsonb WHERE id = ${itemId}`,
      );
      return itemId;
    },
    path: (itemId: string, suffix: string) => `${ITEMS}/${ctx.account.userId}/${itemId}/${suffix}`,
    queue: (itemId: string, marketplace: string, operation = 'list') =>
      ctx.owner.put(`/api/rest/v1/item/${itemId}/status`, {
        userId: ctx.account.userId,
        marketplace,
        status: 'queue',
        operation,
      }),
    /** A Shopify order of the item, as a webhook or the extension would report it. */
    sell: (itemId: string, order: string, quantity = 1) =>
      ctx.owner.post(`${EXECUTOR}/sales`, {
        marketplace: 'shopify',
        externalOrderId: order,
        itemId,
        quantity,
      }),
    claim: (marketplace: string, executorId: string) =>
      ctx.owner.post(`${EXECUTOR}/claim`, { marketplaces: [marketplace], max: 5, executorId }),
    listing: async (itemId: string, marketplace: string) =>
      (await ctx.owner.get(`${ITEMS}/${ctx.account.userId}/${itemId}`)).body.item.listings[
        marketplace
      ],
    operations: (itemId: string, marketplace: string) =>
      queryRows<Operation>(
        ctx.server,
        sql`SELECT id, operation, status, cancel_reason, executor FROM listing_operations
            WHERE item_id = ${itemId} AND marketplace = ${marketplace} ORDER BY created_at, id`,
      ),
    outcomesOf: (sold: { body: { saleEvent: SaleEvent } }) =>
      sold.body.saleEvent.outcomes.map((o) => [o.marketplace, o.outcome]),
    history: async (itemId: string, marketplace: string) =>
      (
        await ctx.owner.get(
          `${ITEMS}/${ctx.account.userId}/${itemId}/listing-history?marketplace=${marketplace}`,
        )
      ).body.events as { event: string; to: string; reason: string | null; by: string }[],
  };
  return api;
}

describe('a sale of the last unit stops the lists on their way up (extension marketplaces)', () => {
  const t = harness();

  it('Poshmark queued: the list ends without going live, with the reason, and is offered to no executor', async () => {
    const itemId = await t.liveItem();
    const queued = await t.queue(itemId, 'poshmark');
    expect(queued.status, queued.text).toBe(202);

    const sold = await t.sell(itemId, 'S-QUEUED-1');
    expect(sold.status, sold.text).toBe(200);
    expect(t.outcomesOf(sold)).toEqual([['poshmark', 'list_stopped']]);

    expect(await t.listing(itemId, 'poshmark')).toMatchObject({
      status: 'not_listed',
      pendingOperation: null,
    });
    expect((await t.history(itemId, 'poshmark')).at(-1)).toMatchObject({
      event: 'stop_list',
      to: 'not_listed',
      reason: STOPPED,
      by: 'system',
    });
    expect(await t.operations(itemId, 'poshmark')).toEqual([
      expect.objectContaining({ operation: 'list', status: 'canceled', cancel_reason: STOPPED }),
    ]);
    // The item screen reads the same reason from the operation.
    const listed = await t.ctx.owner.get(t.path(itemId, 'listing-operations'));
    expect(listed.body.operations[0]).toMatchObject({
      marketplace: 'poshmark',
      status: 'canceled',
      cancelReason: STOPPED,
    });
    expect((await t.claim('poshmark', 'browser-a')).body.operations).toEqual([]);

    // The Sales screen reads the same truth.
    const read = await t.ctx.owner.post('/api/rest/v1/sale_detection/get_event', {
      event_id: sold.body.saleEvent.eventId,
    });
    expect(read.body.saleEvent.outcomes).toEqual([
      expect.objectContaining({ marketplace: 'poshmark', outcome: 'list_stopped' }),
    ]);
  });

  it('Poshmark claimed: the executor is told by its heartbeat and reports; a listing it put up anyway is recorded and taken down', async () => {
    const itemId = await t.liveItem();
    expect((await t.queue(itemId, 'poshmark')).status).toBe(202);
    const claimed = await t.claim('poshmark', 'browser-a');
    const [operation] = claimed.body.operations as { operationId: string }[];
    expect(operation).toBeDefined();

    const sold = await t.sell(itemId, 'S-CLAIMED-1');
    expect(t.outcomesOf(sold)).toEqual([['poshmark', 'list_stopped']]);

    const beat = await t.ctx.owner.post(
      `${EXECUTOR}/operations/${operation!.operationId}/heartbeat`,
      { executorId: 'browser-a' },
    );
    expect(beat.status).toBe(409);
    expect(beat.body.message).toBe(
      `The list on Poshmark was canceled because the item sold. ${STOPPED} Do not carry it out; if the listing went live anyway, report it listed and ListLoop takes it down.`,
    );
    const failure = await t.ctx.owner.post(t.path(itemId, 'set-listing-list-failure'), {
      marketplace: 'poshmark',
      reason: 'Poshmark timed out',
      executorId: 'browser-a',
    });
    expect(failure.status).toBe(409);
    expect(failure.body.message).toBe(beat.body.message);
    const fetched = await t.ctx.owner.get(`${EXECUTOR}/operations/${operation!.operationId}`);
    expect(fetched.body.operation).toMatchObject({ status: 'canceled', cancelReason: STOPPED });

    // It had already pressed "list" on Poshmark: the listing is live, so ListLoop knows it and
    // takes it down at once.
    const late = await t.ctx.owner.post(t.path(itemId, 'set-listing-listed'), {
      marketplace: 'poshmark',
      listedID: 'PM-LATE-1',
      listingURL: 'https://poshmark.com/listing/PM-LATE-1',
      executorId: 'browser-a',
    });
    expect(late.status, late.text).toBe(200);
    expect(late.body.item.listings.poshmark).toMatchObject({
      status: 'queued',
      pendingOperation: 'delist',
      listedID: 'PM-LATE-1',
    });
    const events = await t.history(itemId, 'poshmark');
    expect(events.slice(-3).map((e) => e.event)).toEqual([
      'stop_list',
      'listed_after_stop',
      'queue_delist',
    ]);
    expect(events.at(-2)!.by).toBe('executor:browser-a');
    expect((await t.operations(itemId, 'poshmark')).map((o) => [o.operation, o.status])).toEqual([
      ['list', 'canceled'],
      ['delist', 'queued'],
    ]);
    // The delist waits for the extension like any other.
    const next = await t.claim('poshmark', 'browser-a');
    expect(next.body.operations).toEqual([
      expect.objectContaining({ itemId, operation: 'delist' }),
    ]);
  });

  it('a relist whose delist half has not run: the live listing comes down instead of going back up', async () => {
    const itemId = await t.liveItem(1, LIVE_ON_POSHMARK('PM-RELIST-1'));
    expect((await t.queue(itemId, 'poshmark', 'relist')).status).toBe(202);
    const sold = await t.sell(itemId, 'S-RELIST-1');
    expect(t.outcomesOf(sold)).toEqual([['poshmark', 'delist_queued']]);
    expect(await t.listing(itemId, 'poshmark')).toMatchObject({
      status: 'queued',
      pendingOperation: 'delist',
      listedID: 'PM-RELIST-1',
    });
    const operations = await t.operations(itemId, 'poshmark');
    expect(operations.map((o) => [o.operation, o.status, o.cancel_reason])).toEqual([
      [
        'relist',
        'canceled',
        'Sold on Shopify before it was relisted; the listing comes down instead.',
      ],
      ['delist', 'queued', null],
    ]);
    expect(sold.body.saleEvent.outcomes[0].operationId).toBe(operations[1]!.id);
    const claimed = await t.claim('poshmark', 'browser-b');
    expect(claimed.body.operations).toEqual([
      expect.objectContaining({ operationId: operations[1]!.id, operation: 'delist' }),
    ]);
    const down = await t.ctx.owner.post(t.path(itemId, 'set-listing-delisted'), {
      marketplace: 'poshmark',
      executorId: 'browser-b',
    });
    expect(down.status, down.text).toBe(200);
    expect(down.body.item.listings.poshmark.status).toBe('delisted');
  });

  it('a relist stopped after its delist half: nothing goes back up', async () => {
    const itemId = await t.liveItem(1, LIVE_ON_POSHMARK('PM-RELIST-2'));
    expect((await t.queue(itemId, 'poshmark', 'relist')).status).toBe(202);
    const [operation] = (await t.claim('poshmark', 'browser-c')).body.operations as {
      operationId: string;
    }[];
    const half = await t.ctx.owner.post(t.path(itemId, 'set-listing-delisted'), {
      marketplace: 'poshmark',
      executorId: 'browser-c',
    });
    expect(half.body.item.listings.poshmark).toMatchObject({
      status: 'queued',
      pendingOperation: 'list',
    });

    const sold = await t.sell(itemId, 'S-RELIST-2');
    expect(t.outcomesOf(sold)).toEqual([['poshmark', 'list_stopped']]);
    expect(await t.listing(itemId, 'poshmark')).toMatchObject({
      status: 'not_listed',
      listedID: null,
    });
    const beat = await t.ctx.owner.post(
      `${EXECUTOR}/operations/${operation!.operationId}/heartbeat`,
      { executorId: 'browser-c' },
    );
    expect(beat.status).toBe(409);
    expect(beat.body.message).toContain(
      'The relist on Poshmark was canceled because the item sold.',
    );
    expect(await t.operations(itemId, 'poshmark')).toEqual([
      expect.objectContaining({ operation: 'relist', status: 'canceled', cancel_reason: STOPPED }),
    ]);
  });

  it('with units left, a queued list goes on and is sent with the new quantity', async () => {
    const itemId = await t.liveItem(2);
    expect((await t.queue(itemId, 'poshmark')).status).toBe(202);
    const sold = await t.sell(itemId, 'S-LEFT-1');
    expect(sold.body.saleEvent).toMatchObject({ quantityLeft: 1 });
    expect(t.outcomesOf(sold)).toEqual([['poshmark', 'list_queued']]);
    expect(await t.listing(itemId, 'poshmark')).toMatchObject({
      status: 'queued',
      pendingOperation: 'list',
    });
    const [operation] = (await t.claim('poshmark', 'browser-d')).body.operations as {
      operationId: string;
    }[];
    const fetched = await t.ctx.owner.get(`${EXECUTOR}/operations/${operation!.operationId}`);
    expect(fetched.body.item.generalDetails.quantity).toBe(1);
    expect(fetched.body.listing.quantity).toBe(1);
    const listed = await t.ctx.owner.post(t.path(itemId, 'set-listing-listed'), {
      marketplace: 'poshmark',
      listedID: 'PM-LEFT-1',
      executorId: 'browser-d',
    });
    expect(listed.body.item.listings.poshmark.status).toBe('listed');
    const read = await t.ctx.owner.post('/api/rest/v1/sale_detection/get_event', {
      event_id: sold.body.saleEvent.eventId,
    });
    // Once it went live, the tracker says where it stands: listed, with the unit left.
    expect(read.body.saleEvent.outcomes).toEqual([
      expect.objectContaining({ marketplace: 'poshmark', outcome: 'quantity_left' }),
    ]);
  });

  it('a sold-out item is refused a list or relist with a reason, until its quantity is raised', async () => {
    const itemId = await t.liveItem();
    expect((await t.sell(itemId, 'S-SOLDOUT-1')).status).toBe(200);
    const list = await t.queue(itemId, 'poshmark');
    expect(list.status).toBe(409);
    expect(list.body.message).toBe(
      'This item has no units left: it sold. Raise its quantity if you have another one to sell, then list it on Poshmark.',
    );
    expect((await t.operations(itemId, 'poshmark')).length).toBe(0);
    const raised = await t.ctx.owner.patch(t.path(itemId, 'field'), {
      changes: { 'generalDetails.quantity': 1 },
    });
    expect(raised.status, raised.text).toBe(200);
    expect((await t.queue(itemId, 'poshmark')).status).toBe(202);
  });

  it(`a sale racing an executor's claim, 12 times: the list is always stopped, and a claim that won is told`, async () => {
    for (let race = 0; race < 12; race += 1) {
      const itemId = await t.liveItem(1, {}, false);
      expect((await t.queue(itemId, 'facebook')).status).toBe(202);
      const [claimed, sold] = await Promise.all([
        t.claim('facebook', `racer-${race}`),
        t.sell(itemId, `S-RACE-${race}`),
      ]);
      expect(sold.status, sold.text).toBe(200);
      expect(t.outcomesOf(sold)).toEqual([['facebook', 'list_stopped']]);
      expect(await t.listing(itemId, 'facebook')).toMatchObject({ status: 'not_listed' });
      const [operation] = await t.operations(itemId, 'facebook');
      expect(operation).toMatchObject({ status: 'canceled', cancel_reason: STOPPED });
      const won = (claimed.body.operations as { operationId: string }[]).find(
        (o) => o.operationId === operation!.id,
      );
      if (won) {
        const beat = await t.ctx.owner.post(`${EXECUTOR}/operations/${won.operationId}/heartbeat`, {
          executorId: `racer-${race}`,
        });
        expect(beat.status).toBe(409);
        expect(beat.body.message).toContain('canceled because the item sold');
      }
      expect((await t.claim('facebook', `late-${race}`)).body.operations).toEqual([]);
    }
  });
});

describe('a sale of the last unit stops a connector list whose job has not started', () => {
  const t = harness({ work: false });

  it('the job does nothing and never calls the marketplace', async () => {
    const calls = { publish: 0, delist: 0 };
    t.ctx.server.container.connectors.register(
      standInConnector('sellwild', {
        publish: async () => {
          calls.publish += 1;
          return { listedID: 'SW-1' };
        },
        delist: async () => {
          calls.delist += 1;
        },
      }),
    );
    const itemId = await t.liveItem(1, {}, false);
    const queued = await t.queue(itemId, 'sellwild');
    expect(queued.status, queued.text).toBe(202);
    const operationId = queued.body.operation.operationId as string;

    const sold = await t.sell(itemId, 'S-API-1');
    expect(t.outcomesOf(sold)).toEqual([['sellwild', 'list_stopped']]);
    expect(await t.operations(itemId, 'sellwild')).toEqual([
      expect.objectContaining({ status: 'canceled', cancel_reason: STOPPED }),
    ]);

    // The job that was sent for it runs now: it finds the operation stopped.
    const { container } = t.ctx.server;
    await container.queue.work();
    const [job] = await queryRows<{ id: string }>(
      t.ctx.server,
      sql`SELECT id FROM pgboss.job WHERE name = 'listings.execute'
          AND data->>'operationId' = ${operationId}`,
    );
    expect(job).toBeDefined();
    await waitFor(
      async () => (await container.queue.getJob('listings.execute', job!.id))?.state ?? null,
      (state) => state === 'completed',
    );
    // And so does a late copy of it, or the sweeper.
    await container.services.listings.execute(
      { operationId, accountId: t.ctx.account.accountId },
      { retryCount: 0, retryLimit: 5, logger: container.logger },
    );
    const swept = await container.services.listings.sweep(async () => null, container.logger);
    expect(swept.resent).toBe(0);
    expect(calls).toEqual({ publish: 0, delist: 0 });
    expect(await t.listing(itemId, 'sellwild')).toMatchObject({ status: 'not_listed' });
  });
});

describe('a sale of the last unit while a connector is already publishing', () => {
  const t = harness();

  it('a connector already publishing when the sale comes: its listing is recorded and taken down', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const publishing = new Promise<void>((resolve) => (started = resolve));
    const delisted: string[] = [];
    t.ctx.server.container.connectors.register(
      standInConnector('whatnot', {
        publish: async () => {
          started();
          await gate;
          return { listedID: 'WN-LATE-1' };
        },
        delist: async (input) => {
          delisted.push(input.listedID ?? '');
        },
      }),
    );
    const itemId = await t.liveItem(1, {}, false);
    expect((await t.queue(itemId, 'whatnot')).status).toBe(202);
    await publishing;
    const sold = await t.sell(itemId, 'S-API-2');
    expect(t.outcomesOf(sold)).toEqual([['whatnot', 'list_stopped']]);
    release();
    const listing = await waitFor(
      () => t.listing(itemId, 'whatnot'),
      (l) => l?.status === 'delisted',
    );
    expect(listing.listedID).toBe('WN-LATE-1');
    expect(delisted).toEqual(['WN-LATE-1']);
    expect((await t.history(itemId, 'whatnot')).map((e) => e.event)).toEqual([
      'queue_list',
      'stop_list',
      'listed_after_stop',
      'queue_delist',
      'delisted',
    ]);
  });
});
