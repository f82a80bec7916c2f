import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { standInConnector } from '../../../test/stand-in-connector';
import { waitFor } from '../../../test/wait';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import { ConnectorError } from '../../connectors/contract';

const ITEMS = '/api/account/item';
const REST = '/api/rest/v1/item';
const EXECUTOR = '/api/rest/v1/executor';

/** The update of a live listing (decision 0023), through the engine's own calls. */
describe('listing updates', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    // ListLoop lists only where the seller connected an account (the stand-in connector takes
    // any token).
    await connectMarketplace(owner, 'grailed');
    await connectMarketplace(owner, 'shopify');
  });
  afterAll(() => server.close());
  afterEach(() => server.container.connectors.unregister('shopify'));

  const newItem = async (): Promise<string> => {
    n += 1;
    const response = await owner.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: `UPD-${n}`, size: 'M' },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.item.itemID as string;
  };
  const path = (itemId: string, suffix: string) => `${ITEMS}/${account.userId}/${itemId}/${suffix}`;
  const queue = (itemId: string, marketplace: string, operation: string, client = owner) =>
    client.put(`${REST}/${itemId}/status`, {
      userId: account.userId,
      marketplace,
      status: 'queue',
      operation,
    });
  const listingOf = async (itemId: string, marketplace: string) =>
    (await owner.get(`${ITEMS}/${account.userId}/${itemId}`)).body.item.listings[marketplace];
  const outOfDate = async (itemId: string, marketplace: string) => {
    const preview = await owner.post(path(itemId, 'preview'), { marketplaces: [marketplace] });
    expect(preview.status, preview.text).toBe(200);
    return preview.body.previews[0].outOfDate as boolean | null;
  };
  const setPrice = async (itemId: string, price: number) => {
    const changed = await owner.patch(path(itemId, 'field'), {
      changes: { 'generalDetails.price': price },
    });
    expect(changed.status, changed.text).toBe(200);
  };
  const operationsOf = (itemId: string) =>
    queryRows<{ id: string; operation: string; status: string; last_error: string | null }>(
      server,
      sql`SELECT id, operation, status, last_error FROM listing_operations
          WHERE item_id = ${itemId} ORDER BY created_at`,
    );
  const claim = (marketplace: string, executorId: string) =>
    owner.post(`${EXECUTOR}/claim`, { marketplaces: [marketplace], executorId });

  /** Lists the item on an extension marketplace as the extension does: claim, fetch, report. */
  const listedByExtension = async (marketplace: string): Promise<string> => {
    const itemId = await newItem();
    expect((await queue(itemId, marketplace, 'list')).status).toBe(202);
    const [claimed] = (await claim(marketplace, 'browser-a')).body.operations;
    expect((await owner.get(`${EXECUTOR}/operations/${claimed.operationId}`)).status).toBe(200);
    const listed = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace,
      listedID: `${marketplace}-${n}`,
      executorId: 'browser-a',
    });
    expect(listed.status, listed.text).toBe(200);
    return itemId;
  };

  it('an extension marketplace: offered by the claim as an update, reported, the listing stays listed', async () => {
    const itemId = await listedByExtension('grailed');
    const before = await listingOf(itemId, 'grailed');
    expect(before.sentHash).toEqual(expect.any(String));
    expect(await outOfDate(itemId, 'grailed')).toBe(false);
    // What was sent is the engine's to record: no edit writes it.
    const saved = await owner.put(path(itemId, 'listing/grailed'), {
      listing: { sentHash: 'forged', title: 'Vintage denim jacket, Grailed' },
    });
    expect(saved.status, saved.text).toBe(200);
    const patched = await owner.patch(path(itemId, 'field'), {
      changes: { 'listings.grailed.sentHash': 'forged' },
    });
    expect(patched.body.skipped).toEqual(['listings.grailed.sentHash']);
    expect((await listingOf(itemId, 'grailed')).sentHash).toBe(before.sentHash);
    // The title override changed the build: it is out of date now, as the price will make it.
    expect(await outOfDate(itemId, 'grailed')).toBe(true);

    await setPrice(itemId, 39.99);

    const queued = await queue(itemId, 'grailed', 'update');
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body.operation).toMatchObject({ operation: 'update', status: 'queued' });
    expect(queued.body.item.listings.grailed).toMatchObject({
      status: 'listed',
      lastStatusDate: before.lastStatusDate,
    });
    // Asked again while it waits: the same operation.
    const again = await queue(itemId, 'grailed', 'update');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      created: false,
      operation: { operationId: queued.body.operation.operationId },
    });

    const claimed = await claim('grailed', 'browser-a');
    expect(claimed.body.operations).toEqual([
      expect.objectContaining({
        operationId: queued.body.operation.operationId,
        operation: 'update',
      }),
    ]);
    const fetched = await owner.get(`${EXECUTOR}/operations/${queued.body.operation.operationId}`);
    expect(fetched.body.listing).toMatchObject({ price: 39.99 });
    const stale = await owner.post(path(itemId, 'set-listing-updated'), {
      marketplace: 'grailed',
      executorId: 'browser-b',
    });
    expect(stale.status).toBe(409);
    const reported = await owner.post(path(itemId, 'set-listing-updated'), {
      marketplace: 'grailed',
      executorId: 'browser-a',
    });
    expect(reported.status, reported.text).toBe(200);
    expect(reported.body.item.listings.grailed).toMatchObject({
      status: 'listed',
      listedID: before.listedID,
      lastStatusDate: before.lastStatusDate,
    });
    expect(await outOfDate(itemId, 'grailed')).toBe(false);

    const history = await owner.get(`${path(itemId, 'listing-history')}?marketplace=grailed`);
    expect(history.body.events.slice(-2).map((e: any) => [e.event, e.from, e.to, e.by])).toEqual([
      ['queue_update', 'listed', 'listed', account.userId],
      ['updated', 'listed', 'listed', 'executor:browser-a'],
    ]);
    const operations = await owner.get(path(itemId, 'listing-operations'));
    expect(operations.body.operations[0]).toMatchObject({
      operation: 'update',
      status: 'succeeded',
    });
    const late = await owner.post(path(itemId, 'set-listing-updated'), {
      marketplace: 'grailed',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'Grailed: no update is pending for this listing, so there is nothing to report.',
    );
  });

  it('refuses what cannot be updated: 409 unless listed, 400 on bad input, 404 for another account, 403 without listings.publish', async () => {
    const itemId = await newItem();
    const notListed = await queue(itemId, 'grailed', 'update');
    expect(notListed.status).toBe(409);
    expect(notListed.body.message).toBe(
      'Grailed: an item that is not listed cannot be queued to be updated; only a listed item can be updated; queue it to be listed first.',
    );
    expect((await queue(itemId, 'grailed', 'upgrade')).status).toBe(400);

    const listed = await listedByExtension('grailed');
    const other = await createAccount(server);
    const stranger = await signIn(server, other);
    const foreign = await stranger.put(`${REST}/${listed}/status`, {
      userId: other.userId,
      marketplace: 'grailed',
      status: 'queue',
      operation: 'update',
    });
    expect(foreign.status).toBe(404);
    const viewer = await signIn(
      server,
      await addMember(server, account, { roleId: account.viewerRoleId }),
    );
    expect((await queue(listed, 'grailed', 'update', viewer)).status).toBe(403);
    expect(await operationsOf(listed)).toHaveLength(1);
  });

  it('a delist or a sale cancels a waiting update; a delist waits for an update being sent', async () => {
    const delisted = await listedByExtension('grailed');
    await queue(delisted, 'grailed', 'update');
    expect((await queue(delisted, 'grailed', 'delist')).status).toBe(202);
    expect((await operationsOf(delisted)).map((o) => [o.operation, o.status])).toEqual([
      ['list', 'succeeded'],
      ['update', 'canceled'],
      ['delist', 'queued'],
    ]);
    // The canceled update is not offered; the delist is.
    expect((await claim('grailed', 'browser-a')).body.operations).toEqual([
      expect.objectContaining({ itemId: delisted, operation: 'delist' }),
    ]);
    await owner.post(path(delisted, 'set-listing-delisted'), {
      marketplace: 'grailed',
      executorId: 'browser-a',
    });

    const sold = await listedByExtension('grailed');
    await queue(sold, 'grailed', 'update');
    const marked = await owner.put(path(sold, 'mark-item-as-sold'), { marketplace: 'grailed' });
    expect(marked.status, marked.text).toBe(200);
    expect((await operationsOf(sold)).map((o) => [o.operation, o.status])).toEqual([
      ['list', 'succeeded'],
      ['update', 'canceled'],
    ]);
    expect((await claim('grailed', 'browser-a')).body.operations).toEqual([]);

    // The extension is sending the update when the seller delists: the delist is not offered
    // until the update is reported, so the two never run side by side.
    const sending = await listedByExtension('grailed');
    await queue(sending, 'grailed', 'update');
    expect((await claim('grailed', 'browser-a')).body.operations).toEqual([
      expect.objectContaining({ itemId: sending, operation: 'update' }),
    ]);
    expect((await queue(sending, 'grailed', 'delist')).status).toBe(202);
    expect((await claim('grailed', 'browser-b')).body.operations).toEqual([]);
    const late = await owner.post(path(sending, 'set-listing-update-failure'), {
      marketplace: 'grailed',
      reason: 'Grailed: the listing is being edited elsewhere.',
      executorId: 'browser-a',
    });
    expect(late.status).toBe(409);
    expect((await claim('grailed', 'browser-b')).body.operations).toEqual([
      expect.objectContaining({ itemId: sending, operation: 'delist' }),
    ]);
    expect((await operationsOf(sending)).map((o) => [o.operation, o.status])).toEqual([
      ['list', 'succeeded'],
      ['update', 'failed'],
      ['delist', 'running'],
    ]);
  });

  it('a connector’s update: a refusal leaves the listing live with the reason; a new request succeeds', async () => {
    const updates: number[] = [];
    let refuse = true;
    server.container.connectors.register(
      standInConnector('shopify', {
        publish: async () => ({ listedID: 'gid://shopify/Product/1', sku: 'UPD' }),
        update: async (input) => {
          updates.push(input.built.price ?? 0);
          if (refuse) throw new ConnectorError('Shopify says: the product is archived.');
          return { listedID: input.listedID };
        },
      }),
    );
    const itemId = await newItem();
    await queue(itemId, 'shopify', 'list');
    await waitFor(
      () => listingOf(itemId, 'shopify'),
      (l) => l?.status === 'listed',
    );
    await setPrice(itemId, 41.5);
    expect(await outOfDate(itemId, 'shopify')).toBe(true);

    expect((await queue(itemId, 'shopify', 'update')).status).toBe(202);
    const failed = await waitFor(
      () => operationsOf(itemId),
      (ops) => ops.at(-1)?.status === 'failed',
    );
    expect(failed.at(-1)).toMatchObject({
      operation: 'update',
      last_error: 'Shopify says: the product is archived.',
    });
    expect(await listingOf(itemId, 'shopify')).toMatchObject({ status: 'listed' });
    const history = await owner.get(`${path(itemId, 'listing-history')}?marketplace=shopify`);
    expect(history.body.events.at(-1)).toMatchObject({
      event: 'update_failure',
      from: 'listed',
      to: 'listed',
      by: 'connector:shopify',
      reason: 'Shopify says: the product is archived.',
    });
    expect(await outOfDate(itemId, 'shopify')).toBe(true);

    refuse = false;
    expect((await queue(itemId, 'shopify', 'update')).status).toBe(202);
    await waitFor(
      () => operationsOf(itemId),
      (ops) => ops.at(-1)?.status === 'succeeded',
    );
    expect(updates).toEqual([41.5, 41.5]);
    expect(await outOfDate(itemId, 'shopify')).toBe(false);
  });

  it('a connector’s delist waits for the update being sent, so the update cannot undo it', async () => {
    const calls: string[] = [];
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.container.connectors.register(
      standInConnector('shopify', {
        publish: async () => ({ listedID: 'gid://shopify/Product/2' }),
        update: async (input) => {
          calls.push('update:start');
          await gate;
          calls.push('update:end');
          return { listedID: input.listedID };
        },
        delist: async () => {
          calls.push('delist');
        },
      }),
    );
    const itemId = await newItem();
    await queue(itemId, 'shopify', 'list');
    await waitFor(
      () => listingOf(itemId, 'shopify'),
      (l) => l?.status === 'listed',
    );
    await setPrice(itemId, 38);
    await queue(itemId, 'shopify', 'update');
    await waitFor(
      async () => calls,
      (c) => c.includes('update:start'),
    );
    expect((await queue(itemId, 'shopify', 'delist')).status).toBe(202);
    // Long enough for the delist's job to have run, had it not waited.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls).toEqual(['update:start']);
    release();
    await waitFor(
      () => listingOf(itemId, 'shopify'),
      (l) => l?.status === 'delisted',
    );
    expect(calls).toEqual(['update:start', 'update:end', 'delist']);
    const operations = await operationsOf(itemId);
    expect(operations.map((o) => [o.operation, o.status])).toEqual([
      ['list', 'succeeded'],
      ['update', 'succeeded'],
      ['delist', 'succeeded'],
    ]);
  });
});
