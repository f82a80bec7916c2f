import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { BULK_ACTION_ITEMS_MAX, type BulkActionRun } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import {
  addMember,
  createAccount,
  memberContext,
  signIn,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const ITEMS = '/api/account/item';
const REST = '/api/rest/v1/item';
const BULK = '/api/bulk-actions';
/**
 * An extension marketplace: a queued operation waits for an executor, no connector needed (the
 * account's Facebook account is connected for it).
 */
const M = 'facebook';
const logger = pino({ level: 'silent' });

/** A server whose queue does not work: the test plays the worker, two items a batch. */
const startIdleServer = () =>
  startTestServer({ work: false, env: { LOGIN_MAX_PER_IP: '1000', BULK_ACTION_BATCH_SIZE: '2' } });

/** Plays the worker on an idle server: batch `n` of the run, as its job would carry it out. */
const playBatch = (
  server: TestServer,
  run: { runId: string; accountId: string },
  n: number,
  attempt = 0,
) =>
  server.container.jobs.bulkActionBatch.handler(
    { ...run, batch: n, attempt },
    { jobId: 'test', retryCount: 0, logger },
  );

/** `count` new items of the seller, titled "`title` 0", "`title` 1" …; answers their ids. */
async function titledItems(client: TestClient, title: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await client.post(ITEMS, { generalDetails: { title: `${title} ${i}` } });
    ids.push(created.body.item.itemID);
  }
  return ids;
}

const finished = (run: BulkActionRun) => ['done', 'cancelled', 'failed'].includes(run.status);

describe('bulk actions', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let sku = 0;

  beforeAll(async () => {
    server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000', BULK_ACTION_BATCH_SIZE: '2' },
    });
    account = await createAccount(server);
    owner = await signIn(server, account);
    // The account's Facebook Marketplace account, connected for the browser extension.
    await connectMarketplace(owner, M);
  });
  afterAll(() => server.close());

  const newItem = async (
    client: TestClient = owner,
    details: Record<string, unknown> = {},
    labels: string[] = [],
  ): Promise<string> => {
    sku += 1;
    const response = await client.post(ITEMS, {
      generalDetails: {
        ...COMPLETE_DETAILS,
        title: `Bulk item ${sku}`,
        sku: `BLK-${sku}`,
        ...details,
      },
      labels,
    });
    expect(response.status, response.text).toBe(201);
    return response.body.item.itemID as string;
  };
  const newItems = async (
    n: number,
    details: Record<string, unknown> = {},
    labels: string[] = [],
  ) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i += 1) ids.push(await newItem(owner, details, labels));
    return ids;
  };
  const itemOf = async (itemId: string, client: TestClient = owner, userId = account.userId) =>
    (await client.get(`${ITEMS}/${userId}/${itemId}`)).body?.item;
  const start = (action: string, body: unknown, client: TestClient = owner) =>
    client.post(`${BULK}/${action}`, body);
  const runOf = async (runId: string, client: TestClient = owner) =>
    (await client.get(`${BULK}/runs/${runId}`)).body as BulkActionRun;
  const finishedRun = (runId: string) => waitFor(() => runOf(runId), finished);
  const startAndFinish = async (action: string, body: unknown) => {
    const started = await start(action, body);
    expect(started.status, started.text).toBe(202);
    expect(started.body.status).toBe('queued');
    return finishedRun(started.body.runId as string);
  };
  const listOn = async (itemId: string) => {
    const queued = await owner.put(`${REST}/${itemId}/status`, {
      userId: account.userId,
      marketplace: M,
      status: 'queue',
    });
    expect(queued.status, queued.text).toBe(202);
    const listed = await owner.post(`${ITEMS}/${account.userId}/${itemId}/set-listing-listed`, {
      marketplace: M,
      listedID: `FB-${itemId.slice(0, 6)}`,
    });
    expect(listed.status, listed.text).toBe(200);
  };

  describe('config', () => {
    it('tells the web app the limit, the permission and the marketplaces of an action', async () => {
      const response = await owner.get(`${BULK}/config/bulkList`);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        bulkAction: 'bulkList',
        limit: BULK_ACTION_ITEMS_MAX,
        permissions: ['listings.publish'],
        permitted: true,
        destructive: false,
        marketplaces: { required: true },
      });
      expect(response.body.marketplaces.applicable).toContain(M);
      expect(response.body.marketplaces.applicable).not.toContain('tradesy');
      expect(response.body.parameters.properties).toHaveProperty('marketplaces');
    });

    it('lists the fields bulkEdit can set, and marks destructive actions', async () => {
      const edit = await owner.get(`${BULK}/config/bulkEdit`);
      expect(edit.body.fields.generalDetails).toEqual(
        expect.arrayContaining(['price', 'quantity', 'condition', 'addLabels']),
      );
      expect(edit.body.fields.listing).toEqual(expect.arrayContaining(['price', 'shipping.price']));
      expect(edit.body.marketplaces.required).toBe(false);
      const remove = await owner.get(`${BULK}/config/bulkDelete`);
      expect(remove.body).toMatchObject({ destructive: true, permissions: ['items.delete'] });
    });

    it('answers 400 with the eight names for an unknown action', async () => {
      const response = await owner.get(`${BULK}/config/bulkExplode`);
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('"bulkExplode" is not a bulk action');
      expect(response.body.message).toContain('bulkDelistRelist');
    });
  });

  describe('each action over a few items, as real jobs', () => {
    it('bulkEditLabels adds and removes labels, and counts progress', async () => {
      const ids = await newItems(3, {}, ['old']);
      const run = await startAndFinish('bulkEditLabels', {
        selection: { itemIds: ids },
        parameters: { addLabels: ['Summer'], removeLabels: ['old'] },
      });
      expect(run).toMatchObject({
        status: 'done',
        total: 3,
        done: 3,
        failed: 0,
        skipped: 0,
        processed: 3,
        failures: [],
      });
      expect(run.startedAt).not.toBeNull();
      expect(run.finishedAt).not.toBeNull();
      for (const id of ids) expect((await itemOf(id)).labels).toEqual(['Summer']);
      const outcomes = await owner.get(`${BULK}/runs/${run.runId}/items`);
      expect(outcomes.body.total).toBe(3);
      expect(outcomes.body.items.map((i: { itemId: string }) => i.itemId)).toEqual(ids);
      expect(outcomes.body.items[0]).toMatchObject({ status: 'done', title: expect.any(String) });
      // The seller is told it finished (bulk action notifications are on by default).
      const told = await waitFor(
        async () => (await owner.get('/api/user/notifications')).body.notifications as any[],
        (list) =>
          list.some((n) => n.kind === 'bulk_finished' && n.params.bulkActionId === run.runId),
      );
      expect(told.find((n) => n.params.bulkActionId === run.runId)?.params).toMatchObject({
        bulkAction: 'bulkEditLabels',
        total: 3,
        succeeded: 3,
        failed: 0,
        cancelled: false,
      });
    });

    it('bulkEdit sets general details and listing fields; a listing keeps its state', async () => {
      const ids = await newItems(2);
      await listOn(ids[0]!);
      const run = await startAndFinish('bulkEdit', {
        selection: { itemIds: ids },
        parameters: {
          changes: { price: 99, condition: 'like_new' },
          listings: { [M]: { price: 120, shipping: { price: 5 } }, ebay: { title: 'eBay title' } },
        },
      });
      expect(run).toMatchObject({ status: 'done', done: 2, failed: 0 });
      const [first, second] = [await itemOf(ids[0]!), await itemOf(ids[1]!)];
      expect(first.generalDetails).toMatchObject({ price: 99, condition: 'like_new' });
      expect(first.listings[M]).toMatchObject({
        status: 'listed',
        price: 120,
        shipping: { price: 5 },
      });
      expect(first.listings[M].listedID).toBeTruthy();
      expect(second.listings.ebay).toMatchObject({ title: 'eBay title', status: 'not_listed' });
    });

    it('bulkDelete deletes items, and refuses one still listed on a marketplace', async () => {
      const ids = await newItems(3);
      await listOn(ids[1]!);
      const run = await startAndFinish('bulkDelete', { selection: { itemIds: ids } });
      expect(run).toMatchObject({ status: 'done', total: 3, done: 2, failed: 1 });
      expect(run.failures).toEqual([
        {
          itemId: ids[1],
          title: expect.stringMatching(/^Bulk item/),
          message: expect.stringContaining('Still listed on Facebook Marketplace:'),
        },
      ]);
      expect((await owner.get(`${ITEMS}/${account.userId}/${ids[0]}`)).status).toBe(404);
      expect((await owner.get(`${ITEMS}/${account.userId}/${ids[2]}`)).status).toBe(404);
      expect((await itemOf(ids[1]!)).itemID).toBe(ids[1]);
    });

    it('bulkCopyItems makes one copy of each item, without SKU, nothing listed', async () => {
      const ids = await newItems(2, { title: 'Copy me' }, ['tagged']);
      await listOn(ids[0]!);
      const run = await startAndFinish('bulkCopyItems', { selection: { itemIds: ids } });
      expect(run).toMatchObject({ status: 'done', done: 2 });
      const copies = await queryRows<{
        id: string;
        sku: string | null;
        listings: any;
        labels: string[];
      }>(
        server,
        sql`SELECT id, sku, listings, labels FROM items
            WHERE account_id = ${account.accountId} AND general_details->>'title' = 'Copy me'
              AND NOT (id = ANY(${sql.raw(`ARRAY['${ids.join("','")}']`)}))`,
      );
      expect(copies).toHaveLength(2);
      for (const copy of copies) {
        expect(copy.sku).toBeNull();
        expect(copy.labels).toEqual(['tagged']);
      }
      const listedCopy = copies.find((c) => c.listings[M]);
      expect(listedCopy?.listings[M]).toMatchObject({ status: 'not_listed', listedID: null });
    });

    it('bulkMarkAsNotListed resets listings, skipping items with nothing to reset', async () => {
      const ids = await newItems(2);
      await listOn(ids[0]!);
      const run = await startAndFinish('bulkMarkAsNotListed', {
        selection: { itemIds: ids },
        parameters: { marketplaces: [M] },
      });
      expect(run).toMatchObject({ status: 'done', done: 1, skipped: 1 });
      expect((await itemOf(ids[0]!)).listings[M]).toMatchObject({
        status: 'not_listed',
        listedID: null,
      });
    });

    it('bulkList queues listings; an incomplete item fails with the marketplace’s problems', async () => {
      const ready = await newItems(2);
      const incomplete = await newItem(owner, { price: null, title: 'No price' });
      await listOn(ready[1]!);
      const run = await startAndFinish('bulkList', {
        selection: { itemIds: [...ready, incomplete] },
        parameters: { marketplaces: [M] },
      });
      expect(run).toMatchObject({ status: 'done', total: 3, done: 1, skipped: 1, failed: 1 });
      expect((await itemOf(ready[0]!)).listings[M]).toMatchObject({
        status: 'queued',
        pendingOperation: 'list',
      });
      expect(run.failures[0]).toMatchObject({ itemId: incomplete, title: 'No price' });
      expect(run.failures[0]!.message).toBe(
        'Facebook Marketplace would not take this listing: Facebook Marketplace needs a price; set one.',
      );
      const skipped = await owner.get(`${BULK}/runs/${run.runId}/items?status=skipped`);
      expect(skipped.body.items).toEqual([
        expect.objectContaining({
          itemId: ready[1],
          message: 'Already listed on Facebook Marketplace.',
        }),
      ]);
    });

    it('bulkDelist queues delists of live listings and skips the rest', async () => {
      const ids = await newItems(2);
      await listOn(ids[0]!);
      const run = await startAndFinish('bulkDelist', {
        selection: { itemIds: ids },
        parameters: { marketplaces: [M] },
      });
      expect(run).toMatchObject({ status: 'done', done: 1, skipped: 1 });
      expect((await itemOf(ids[0]!)).listings[M]).toMatchObject({
        status: 'queued',
        pendingOperation: 'delist',
      });
    });

    it('bulkDelistRelist queues one relist (delist, then list) of live listings', async () => {
      const ids = await newItems(2);
      await listOn(ids[0]!);
      const run = await startAndFinish('bulkDelistRelist', {
        selection: { itemIds: ids },
        parameters: { marketplaces: [M] },
      });
      expect(run).toMatchObject({ status: 'done', done: 1, skipped: 1 });
      expect((await itemOf(ids[0]!)).listings[M]).toMatchObject({
        status: 'queued',
        pendingOperation: 'relist',
      });
      const outcomes = await owner.get(`${BULK}/runs/${run.runId}/items?status=skipped`);
      expect(outcomes.body.items[0].message).toContain('nothing to relist');
    });
  });

  it('selects by the inventory’s filter: every matching item, and only those', async () => {
    const marked = await newItems(3, {}, ['filter-me']);
    const other = await newItem(owner, {}, ['leave-me']);
    const run = await startAndFinish('bulkEdit', {
      selection: { filter: { label: 'filter-me', sort: 'title:asc' } },
      parameters: { changes: { quantity: 7 } },
    });
    expect(run).toMatchObject({ status: 'done', total: 3, done: 3 });
    expect(run.selection).toEqual({
      kind: 'filter',
      filter: { label: 'filter-me', sort: 'title:asc' },
    });
    for (const id of marked) expect((await itemOf(id)).generalDetails.quantity).toBe(7);
    expect((await itemOf(other)).generalDetails.quantity).toBe(1);

    const none = await start('bulkEdit', {
      selection: { filter: { label: 'no-such-label' } },
      parameters: { changes: { quantity: 7 } },
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('No item matches this filter.');
  });

  it('streams progress as Server-Sent Events until the run ends, then closes', async () => {
    const ids = await newItems(8);
    const started = await start('bulkEditLabels', {
      selection: { itemIds: ids },
      parameters: { addLabels: ['streamed'] },
    });
    const response = await fetch(`${server.baseUrl}${BULK}/runs/${started.body.runId}/events`, {
      headers: { cookie: owner.cookieHeader, accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    // The server closes the stream after the end event: reading to the end returns.
    const text = await response.text();
    const events = text
      .split('\n\n')
      .filter((block) => block.includes('data: '))
      .map((block) => ({
        event: /^event: (.*)$/m.exec(block)?.[1],
        run: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as BulkActionRun,
      }));
    expect(events.at(-1)).toMatchObject({ event: 'end', run: { status: 'done', done: 8 } });
    expect(events.filter((e) => e.event === 'end')).toHaveLength(1);
    const processed = events.map((e) => e.run.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(events[0]!.event).toBe('progress');
  });

  it('lists the caller’s recent runs, and the active ones', async () => {
    const [id] = await newItems(1);
    const run = await startAndFinish('bulkEdit', {
      selection: { itemIds: [id] },
      parameters: { changes: { brand: 'Listed' } },
    });
    const recent = await owner.get(`${BULK}/runs?limit=50`);
    expect(recent.status).toBe(200);
    expect(recent.body.runs[0].runId).toBe(run.runId);
    const active = await owner.get(`${BULK}/runs?active=true`);
    expect(active.body.runs.map((r: BulkActionRun) => r.runId)).not.toContain(run.runId);
  });

  describe('bad input', () => {
    const bad = async (action: string, body: unknown, status = 400) => {
      const response = await start(action, body);
      expect(response.status, response.text).toBe(status);
      expect(response.body.message).toEqual(expect.any(String));
      return response.body.message as string;
    };

    it('refuses an unknown action, an empty or doubled selection, and wrong parameters', async () => {
      const [id] = await newItems(1);
      expect(await bad('bulkExplode', { selection: { itemIds: [id] } })).toContain(
        'is not a bulk action',
      );
      expect(await bad('bulkDelete', { selection: { itemIds: [] } })).toContain(
        'Select at least one item.',
      );
      expect(await bad('bulkDelete', { selection: {} })).toContain('by their ids or by a filter');
      expect(
        await bad('bulkDelete', { selection: { itemIds: [id], filter: { label: 'x' } } }),
      ).toContain('by their ids or by a filter');
      expect(await bad('bulkList', { selection: { itemIds: [id] } })).toContain(
        'parameters.marketplaces',
      );
      expect(
        await bad('bulkList', { selection: { itemIds: [id] }, parameters: { marketplaces: [] } }),
      ).toContain('Choose at least one marketplace.');
      expect(
        await bad('bulkList', {
          selection: { itemIds: [id] },
          parameters: { marketplaces: ['tradesy'] },
        }),
      ).toContain('does not have access to Tradesy');
      expect(
        await bad('bulkEditLabels', {
          selection: { itemIds: [id] },
          parameters: { addLabels: ['x'.repeat(21)] },
        }),
      ).toContain('at most 20 characters');
      expect(
        await bad('bulkEditLabels', { selection: { itemIds: [id] }, parameters: {} }),
      ).toContain('Give the labels to add or to remove.');
      expect(
        await bad('bulkDelete', { selection: { itemIds: [id] }, parameters: { force: true } }),
      ).toContain('parameters');
      expect(
        await bad('bulkEdit', {
          selection: { itemIds: [id] },
          parameters: { listings: { ebay: { status: 'listed' } } },
        }),
      ).toContain('parameters');
      // Nothing was started by any of these.
      const runs = await queryRows<{ n: number }>(
        server,
        sql`SELECT count(*)::int AS n FROM bulk_action_runs r
            WHERE ${id} = ANY(r.item_ids)`,
      );
      expect(runs[0]!.n).toBe(0);
    });

    it('refuses more than 10,000 items, by ids and by filter', async () => {
      const ids = Array.from({ length: BULK_ACTION_ITEMS_MAX + 1 }, (_, i) =>
        `id-${i}`.padEnd(24, 'x'),
      );
      expect(await bad('bulkDelete', { selection: { itemIds: ids } })).toContain(
        'A bulk action takes at most 10,000 items',
      );
      // An inventory of 10,001 items matching one filter, written straight to the table.
      const member = await addMember(server, account);
      const now = Date.now();
      await server.container.repositories.items.insertMany(
        Array.from({ length: BULK_ACTION_ITEMS_MAX + 1 }, (_, i) => ({
          id: `limit${String(i).padStart(19, '0')}`,
          accountId: account.accountId,
          userId: member.userId,
          status: 'inProgress' as const,
          dateCreated: now,
          dateLastModified: now,
          labels: ['bulk'],
          generalDetails: { ...COMPLETE_DETAILS, title: `Many ${i}` } as never,
          listings: {},
          variants: [],
        })),
      );
      const message = await bad('bulkDelete', {
        userId: member.userId,
        selection: { filter: { label: 'bulk' } },
      });
      expect(message).toContain('A bulk action takes at most 10,000 items');
    });

    it('takes 10,000 ids when nearly all of them name no item, and skips those', async () => {
      const [id] = await newItems(1);
      const gone = Array.from({ length: BULK_ACTION_ITEMS_MAX - 1 }, (_, i) =>
        `gone-${i}`.padEnd(24, 'x'),
      );
      const started = await start('bulkEditLabels', {
        selection: { itemIds: [id, ...gone] },
        parameters: { addLabels: ['survivor'] },
      });
      expect(started.status, started.text).toBe(202);
      expect(started.body).toMatchObject({ total: BULK_ACTION_ITEMS_MAX, skipped: gone.length });
      const run = await finishedRun(started.body.runId as string);
      expect(run).toMatchObject({
        status: 'done',
        done: 1,
        skipped: gone.length,
        processed: 10_000,
      });
      expect((await itemOf(id!)).labels).toEqual(['survivor']);
    });

    it('answers 403 to a person whose role does not allow the action', async () => {
      const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
      const client = await signIn(server, viewer);
      const [id] = await newItems(1);
      const response = await start(
        'bulkDelete',
        { userId: account.userId, selection: { itemIds: [id] } },
        client,
      );
      expect(response.status).toBe(403);
      const config = await client.get(`${BULK}/config/bulkDelete`);
      expect(config.body.permitted).toBe(false);
    });

    it('refuses a relist to a role that may list but not take listings down', async () => {
      const role = (
        await owner.put('/api/rest/v1/enterprise/roles', {
          name: 'listers without delist',
          permissions: { 'items.read': true, 'items.write': true, 'listings.publish': true },
        })
      ).body.data;
      const lister = await addMember(server, account, { roleId: role.id });
      const client = await signIn(server, lister);
      const [id] = await newItems(1);
      const response = await start(
        'bulkDelistRelist',
        { userId: account.userId, selection: { itemIds: [id] }, parameters: { marketplaces: [M] } },
        client,
      );
      expect(response.status).toBe(403);
      const config = await client.get(`${BULK}/config/bulkDelistRelist`);
      expect(config.body).toMatchObject({
        permissions: ['listings.delist', 'listings.publish'],
        permitted: false,
      });
      expect((await client.get(`${BULK}/config/bulkList`)).body.permitted).toBe(true);
    });

    it('answers 409 to a cancel of a run that has finished', async () => {
      const [id] = await newItems(1);
      const run = await startAndFinish('bulkEdit', {
        selection: { itemIds: [id] },
        parameters: { changes: { quantity: 3 } },
      });
      const response = await owner.post(`${BULK}/runs/${run.runId}/cancel`);
      expect(response.status).toBe(409);
      expect(response.body.message).toContain('already finished');
    });
  });

  describe('another account', () => {
    let intruder: TestClient;
    let intruderAccount: AccountFixture;
    beforeAll(async () => {
      intruderAccount = await createAccount(server);
      intruder = await signIn(server, intruderAccount);
    });

    it('cannot see, follow or cancel a run of another account', async () => {
      const ids = await newItems(2);
      const run = await startAndFinish('bulkEditLabels', {
        selection: { itemIds: ids },
        parameters: { addLabels: ['mine'] },
      });
      for (const path of [
        `/runs/${run.runId}`,
        `/runs/${run.runId}/items`,
        `/runs/${run.runId}/events`,
      ]) {
        const response = await intruder.get(`${BULK}${path}`);
        expect(response.status, path).toBe(404);
        expect(response.text).not.toContain(ids[0]);
      }
      const cancel = await intruder.post(`${BULK}/runs/${run.runId}/cancel`);
      expect(cancel.status).toBe(404);
      const list = await intruder.get(`${BULK}/runs`);
      expect(list.body.runs).toEqual([]);
    });

    it('touches no item of another account named in its selection', async () => {
      const [victimItem] = await newItems(1);
      const own = await newItem(intruder);
      const run = await waitFor(
        async () => {
          const started = await intruder.post(`${BULK}/bulkEditLabels`, {
            selection: { itemIds: [own, victimItem] },
            parameters: { addLabels: ['hijacked'] },
          });
          expect(started.status, started.text).toBe(202);
          return started.body as BulkActionRun;
        },
        () => true,
      );
      const done = await waitFor(() => runOf(run.runId, intruder), finished);
      expect(done).toMatchObject({ status: 'done', total: 2, done: 1, skipped: 1 });
      const skipped = await intruder.get(`${BULK}/runs/${run.runId}/items?status=skipped`);
      expect(skipped.body.items).toEqual([
        {
          itemId: victimItem,
          title: '',
          status: 'skipped',
          message: 'No such item in this inventory.',
        },
      ]);
      expect((await itemOf(victimItem!)).labels).toEqual([]);
      expect((await itemOf(own, intruder, intruderAccount.userId)).labels).toEqual(['hijacked']);

      const only = await intruder.post(`${BULK}/bulkDelete`, {
        selection: { itemIds: [victimItem] },
      });
      expect(only.status).toBe(404);
      const deleteForeign = await intruder.post(`${BULK}/bulkDelete`, {
        userId: account.userId,
        selection: { itemIds: [victimItem] },
      });
      expect(deleteForeign.status).toBe(404);
      expect((await itemOf(victimItem!)).itemID).toBe(victimItem);
    });
  });

  describe('PUT bulk-edit-listings', () => {
    it('sets listing fields on many items, merges shipping, never touches the state', async () => {
      const ids = await newItems(2);
      await listOn(ids[0]!);
      await owner.put(`${ITEMS}/${account.userId}/${ids[0]}/listing/${M}`, {
        listing: { shipping: { service: 'Standard' } },
      });
      const response = await owner.put(`${ITEMS}/${account.userId}/bulk-edit-listings`, {
        itemIds: [...ids, 'nope'.padEnd(24, 'x')],
        listings: { [M]: { price: 33, shipping: { price: 4 }, tags: ['denim'] } },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        updated: 2,
        failed: [{ itemId: 'nope'.padEnd(24, 'x'), message: 'No such item.' }],
      });
      const first = await itemOf(ids[0]!);
      expect(first.listings[M]).toMatchObject({
        status: 'listed',
        price: 33,
        tags: ['denim'],
        shipping: { service: 'Standard', price: 4 },
      });
      expect((await itemOf(ids[1]!)).listings[M]).toMatchObject({
        status: 'not_listed',
        price: 33,
      });

      const clear = await owner.put(`${ITEMS}/${account.userId}/bulk-edit-listings`, {
        itemIds: [ids[1]],
        listings: { [M]: { price: null } },
      });
      expect(clear.body.updated).toBe(1);
      expect((await itemOf(ids[1]!)).listings[M].price).toBeNull();
    });

    it('refuses protected and unknown listing fields with a clear 400', async () => {
      const [id] = await newItems(1);
      const response = await owner.put(`${ITEMS}/${account.userId}/bulk-edit-listings`, {
        itemIds: [id],
        listings: { [M]: { listedID: 'stolen' } },
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/listedID/);
    });
  });

  describe('a batch worked again, or raced by another change', () => {
    let idle: TestServer;
    let who: AccountFixture;
    let client: TestClient;
    beforeAll(async () => {
      idle = await startIdleServer();
      who = await createAccount(idle);
      client = await signIn(idle, who);
      await connectMarketplace(client, M);
    });
    afterAll(() => idle.close());

    const create = async (title: string) => {
      sku += 1;
      const created = await client.post(ITEMS, {
        generalDetails: { ...COMPLETE_DETAILS, title, sku: `RACE-${sku}` },
      });
      expect(created.status, created.text).toBe(201);
      return created.body.item.itemID as string;
    };
    const report = async (itemId: string, path: string, body: Record<string, unknown> = {}) => {
      const response = await client.post(`${ITEMS}/${who.userId}/${itemId}/${path}`, {
        marketplace: M,
        ...body,
      });
      expect(response.status, response.text).toBe(200);
    };
    const queue = async (itemId: string, operation: 'list' | 'relist') => {
      const response = await client.put(`${REST}/${itemId}/status`, {
        userId: who.userId,
        marketplace: M,
        status: 'queue',
        operation,
      });
      expect(response.status, response.text).toBe(202);
    };
    const listed = async (itemId: string) => {
      await queue(itemId, 'list');
      await report(itemId, 'set-listing-listed', { listedID: `FB-${itemId.slice(0, 6)}` });
    };
    const batch = (runId: string, n: number) =>
      playBatch(idle, { runId, accountId: who.accountId }, n);
    const outcomesOf = async (runId: string) =>
      (await client.get(`${BULK}/runs/${runId}/items`)).body.items as {
        itemId: string;
        status: string;
        message: string | null;
      }[];

    it('stops watching a run when the client of its event stream goes away', async () => {
      const id = await create('Watched');
      const started = await client.post(`${BULK}/bulkEditLabels`, {
        selection: { itemIds: [id] },
        parameters: { addLabels: ['watched'] },
      });
      const service = idle.container.services.bulkActions;
      const get = service.get.bind(service);
      let reads = 0;
      Object.assign(service, {
        get: (...args: Parameters<typeof get>) => {
          reads += 1;
          return get(...args);
        },
      });
      try {
        const gone = new AbortController();
        const response = await fetch(`${idle.baseUrl}${BULK}/runs/${started.body.runId}/events`, {
          headers: { cookie: client.cookieHeader, accept: 'text/event-stream' },
          signal: gone.signal,
        });
        const reader = response.body!.getReader();
        const first = new TextDecoder().decode((await reader.read()).value);
        expect(first).toContain('event: progress');
        // The run waits (nobody works the queue): the server looks at it every 500 ms...
        await waitFor(
          async () => reads,
          (n) => n >= 3,
        );
        gone.abort();
        await new Promise((resolve) => setTimeout(resolve, 600));
        const after = reads;
        // ...and no more once the client has gone.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(reads).toBe(after);
      } finally {
        delete (service as { get?: unknown }).get;
      }
    });

    it('bulkDelete refuses an item listed after its batch read the items', async () => {
      const ids = [await create('Raced delete'), await create('Plain delete')];
      const started = await client.post(`${BULK}/bulkDelete`, { selection: { itemIds: ids } });
      expect(started.status, started.text).toBe(202);
      // The seller lists the first item just after the batch has read its items.
      const repository = idle.container.repositories.items;
      const findMany = repository.findMany.bind(repository);
      let raced = false;
      Object.assign(repository, {
        findMany: async (...args: Parameters<typeof findMany>) => {
          const rows = await findMany(...args);
          if (!raced && args[3]?.lock === false) {
            raced = true;
            await listed(ids[0]!);
          }
          return rows;
        },
      });
      try {
        await batch(started.body.runId, 0);
      } finally {
        delete (repository as { findMany?: unknown }).findMany;
      }
      expect(raced).toBe(true);
      const run = await runOf(started.body.runId, client);
      expect(run).toMatchObject({ status: 'done', done: 1, failed: 1 });
      expect(run.failures[0]).toMatchObject({
        itemId: ids[0],
        message: expect.stringContaining('Still listed on Facebook Marketplace'),
      });
      const kept = await client.get(`${ITEMS}/${who.userId}/${ids[0]}`);
      expect(kept.status).toBe(200);
      expect(kept.body.item.listings[M].status).toBe('listed');
      expect((await client.get(`${ITEMS}/${who.userId}/${ids[1]}`)).status).toBe(404);
    });

    it('bulkCopyItems copies a batch in one transaction, and a second try copies nothing', async () => {
      const ids = [await create('Copied together'), await create('Copied together')];
      const started = await client.post(`${BULK}/bulkCopyItems`, { selection: { itemIds: ids } });
      expect(started.status, started.text).toBe(202);
      const { db } = idle.container.database;
      const transaction = db.transaction.bind(db);
      let transactions = 0;
      Object.assign(db, {
        transaction: (...args: Parameters<typeof transaction>) => {
          transactions += 1;
          return transaction(...args);
        },
      });
      const steps = (
        idle.container.services.bulkActions as unknown as {
          steps: { run: (...args: unknown[]) => Promise<unknown> };
        }
      ).steps;
      const row = await idle.container.repositories.bulkActions.find(
        who.accountId,
        started.body.runId,
      );
      const ctx = await memberContext(idle.container, { ...who, name: 'Ada Seller' });
      try {
        const work = () =>
          steps.run('bulkCopyItems', { ctx, run: row, itemIds: ids, parameters: {}, logger });
        await expect(work()).resolves.toEqual([
          expect.objectContaining({ itemId: ids[0], status: 'done' }),
          expect.objectContaining({ itemId: ids[1], status: 'done' }),
        ]);
        expect(transactions).toBe(1);
        // The worker died before recording the batch; the next try finds the copies made.
        await work();
      } finally {
        delete (db as { transaction?: unknown }).transaction;
      }
      await batch(started.body.runId, 0);
      expect(await runOf(started.body.runId, client)).toMatchObject({ status: 'done', done: 2 });
      const copies = await queryRows<{ n: number }>(
        idle,
        sql`SELECT count(*)::int AS n FROM items
            WHERE account_id = ${who.accountId} AND general_details->>'title' = 'Copied together'`,
      );
      expect(copies[0]!.n).toBe(4);
    });

    it('bulkDelistRelist does not relist again a listing a crashed try already relisted', async () => {
      const id = await create('Relisted once');
      await listed(id);
      const started = await client.post(`${BULK}/bulkDelistRelist`, {
        selection: { itemIds: [id] },
        parameters: { marketplaces: [M] },
      });
      expect(started.status, started.text).toBe(202);
      // A try of batch 0 queued the relist and died before recording it; the relist then ran
      // to its end (the old listing delisted, the new one listed) before the batch was retried.
      await queue(id, 'relist');
      await report(id, 'set-listing-delisted');
      await report(id, 'set-listing-listed', { listedID: 'FB-second' });
      await batch(started.body.runId, 0);

      const relists = await queryRows<{ n: number }>(
        idle,
        sql`SELECT count(*)::int AS n FROM listing_operations
            WHERE item_id = ${id} AND operation = 'relist'`,
      );
      expect(relists[0]!.n).toBe(1);
      const item = (await client.get(`${ITEMS}/${who.userId}/${id}`)).body.item;
      expect(item.listings[M]).toMatchObject({ status: 'listed', listedID: 'FB-second' });
      const [outcome] = await outcomesOf(started.body.runId);
      expect(outcome).toMatchObject({
        itemId: id,
        status: 'skipped',
        message: 'Already relisted on Facebook Marketplace since this bulk action started.',
      });
    });
  });

  describe('the sweeper', () => {
    it('gives up only on a run that stopped moving, not on one a resend got moving again', async () => {
      const idle = await startIdleServer();
      try {
        const who = await createAccount(idle);
        const client = await signIn(idle, who);
        const ids = await titledItems(client, 'Swept', 4);
        const started = await client.post(`${BULK}/bulkEditLabels`, {
          selection: { itemIds: ids },
          parameters: { addLabels: ['swept'] },
        });
        const runId = started.body.runId as string;
        const { services, repositories, database } = idle.container;
        // It stalled five times already, and the sweeper reads it as stalled once more...
        await database.db.execute(
          sql`UPDATE bulk_action_runs SET attempt = 5, updated_at = now() - interval '5 minutes'
              WHERE id = ${runId}`,
        );
        const read = await repositories.bulkActions.stalled({
          now: new Date(),
          quietBefore: new Date(Date.now() - 60_000),
          limit: 200,
        });
        expect(read.map((run) => run.id)).toEqual([runId]);
        // ...just as the fifth resend's job takes it and works its first batch.
        await playBatch(idle, { runId, accountId: who.accountId }, 0, 5);
        Object.assign(repositories.bulkActions, { stalled: async () => read });
        try {
          await expect(services.bulkActions.sweep(logger)).resolves.toEqual({
            resent: 0,
            ended: 0,
          });
        } finally {
          delete (repositories.bulkActions as { stalled?: unknown }).stalled;
        }
        expect(await runOf(runId, client)).toMatchObject({ status: 'running', processed: 2 });

        // It stalls again later: it moved since its last resends, so it is sent again.
        await database.db.execute(
          sql`UPDATE bulk_action_runs SET updated_at = now() - interval '5 minutes'
              WHERE id = ${runId}`,
        );
        await expect(services.bulkActions.sweep(logger)).resolves.toEqual({ resent: 1, ended: 0 });
        expect(await runOf(runId, client)).toMatchObject({ status: 'running', processed: 2 });
      } finally {
        await idle.close();
      }
    });
  });

  describe('cancel', () => {
    it('stops before the next batch; the items already done stay done, the rest untouched', async () => {
      const idle = await startIdleServer();
      try {
        const who = await createAccount(idle);
        const client = await signIn(idle, who);
        const ids = await titledItems(client, 'Cancel', 6);
        const started = await client.post(`${BULK}/bulkEditLabels`, {
          selection: { itemIds: ids },
          parameters: { addLabels: ['first-batch'] },
        });
        const runId = started.body.runId as string;
        const { services, repositories } = idle.container;
        const batch = (n: number) => playBatch(idle, { runId, accountId: who.accountId }, n);
        await batch(0);
        expect(await runOf(runId, client)).toMatchObject({
          status: 'running',
          processed: 2,
        });

        // A worker holds the run for its second batch when the cancel comes: cancelling.
        const held = await repositories.bulkActions.takeLease({
          accountId: who.accountId,
          id: runId,
          batch: 1,
          owner: 'another-worker',
          now: new Date(),
          until: new Date(Date.now() + 60_000),
        });
        expect(held).not.toBeNull();
        const cancel = await client.post(`${BULK}/runs/${runId}/cancel`);
        expect(cancel.status, cancel.text).toBe(200);
        expect(cancel.body.status).toBe('cancelling');
        // That worker dies; the next take of the run ends it instead of working on.
        await idle.container.database.db.execute(
          sql`UPDATE bulk_action_runs SET lease_expires_at = now() - interval '1 second' WHERE id = ${runId}`,
        );
        await batch(1);
        const ended = await runOf(runId, client);
        expect(ended).toMatchObject({ status: 'cancelled', done: 2, processed: 2, total: 6 });
        expect(ended.finishedAt).not.toBeNull();
        await batch(2);
        expect((await runOf(runId, client)).processed).toBe(2);

        for (const [index, id] of ids.entries()) {
          const item = (await client.get(`${ITEMS}/${who.userId}/${id}`)).body.item;
          expect(item.labels, `item ${index}`).toEqual(index < 2 ? ['first-batch'] : []);
        }
        // Cancelling again answers the cancelled run.
        expect((await client.post(`${BULK}/runs/${runId}/cancel`)).body.status).toBe('cancelled');
        await expect(services.bulkActions.sweep(logger)).resolves.toEqual({ resent: 0, ended: 0 });

        // A run nobody holds yet is cancelled at once, and its queued job then does nothing.
        const waiting = await client.post(`${BULK}/bulkEditLabels`, {
          selection: { itemIds: ids },
          parameters: { addLabels: ['never'] },
        });
        const cancelled = await client.post(`${BULK}/runs/${waiting.body.runId}/cancel`);
        expect(cancelled.body).toMatchObject({ status: 'cancelled', processed: 0 });
        await playBatch(idle, { runId: waiting.body.runId, accountId: who.accountId }, 0);
        expect((await runOf(waiting.body.runId, client)).processed).toBe(0);
        const first = (await client.get(`${ITEMS}/${who.userId}/${ids[0]}`)).body.item;
        expect(first.labels).toEqual(['first-batch']);
      } finally {
        await idle.close();
      }
    });
  });
});
