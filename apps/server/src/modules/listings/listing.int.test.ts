import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { MarketplaceId } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, memberContext, signIn, type AccountFixture } from '../../../test/fixtures';
import { listingServiceThatNeverSends } from '../../../test/listings';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { connectMarketplace } from '../../../test/connections';
import { standInConnector } from '../../../test/stand-in-connector';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import { ConnectorError, type Connector } from '../../connectors/contract';
import { waitFor } from '../../../test/wait';
import { listingJobLookup } from './listing.jobs';

const ITEMS = '/api/account/item';
const REST = '/api/rest/v1/item';
const EXECUTOR = '/api/rest/v1/executor';

const fakeConnector = (marketplace: MarketplaceId, publish: Connector['publish']): Connector =>
  standInConnector(marketplace, { publish });

describe('listing engine', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let sku = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    // ListLoop lists only where it can reach the account: a connected account for the browser
    // extension, credentials for an API connector (the tests' stand-ins take any).
    for (const marketplace of ['facebook', 'grailed', 'vestiaire'] as const) {
      await connectMarketplace(owner, marketplace);
    }
    for (const marketplace of ['ebay', 'sellwild', 'shopify', 'whatnot', 'vestiaireApi'] as const) {
      await connectMarketplace(owner, marketplace);
    }
  });
  afterAll(() => server.close());

  const newItem = async (): Promise<string> => {
    sku += 1;
    const response = await owner.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: `LST-${sku}` },
    });
    expect(response.status, response.text).toBe(201);
    return response.body.item.itemID as string;
  };
  const path = (itemId: string, suffix: string) => `${ITEMS}/${account.userId}/${itemId}/${suffix}`;
  const queue = (itemId: string, marketplace: string, operation?: string) =>
    owner.put(`${REST}/${itemId}/status`, {
      userId: account.userId,
      marketplace,
      status: 'queue',
      ...(operation ? { operation } : {}),
    });
  const listingOf = async (itemId: string, marketplace: string) =>
    (await owner.get(`${ITEMS}/${account.userId}/${itemId}`)).body.item.listings[marketplace];
  const operationsOf = (itemId: string) =>
    queryRows<{
      id: string;
      status: string;
      operation: string;
      idempotency_key: string;
      last_error: string | null;
    }>(
      server,
      sql`SELECT id, status, operation, idempotency_key, last_error FROM listing_operations
          WHERE item_id = ${itemId} ORDER BY created_at`,
    );

  type Step = [string, (itemId: string) => Promise<{ status: number; body: any }>, number, string?];
  const M = 'facebook';
  const steps: Record<string, Step> = {
    queueList: ['queue list', (id) => queue(id, M), 202, 'queued'],
    queueDelist: ['queue delist', (id) => queue(id, M, 'delist'), 202, 'queued'],
    relist: ['relist', (id) => queue(id, M, 'relist'), 202, 'queued'],
    listed: [
      'listed',
      (id) =>
        owner.post(path(id, 'set-listing-listed'), {
          marketplace: M,
          listedID: 'FB-1',
          listingURL: 'https://fb.example/1',
        }),
      200,
      'listed',
    ],
    listFailure: [
      'list failure',
      (id) =>
        owner.post(path(id, 'set-listing-list-failure'), {
          marketplace: M,
          reason: 'Photo too small',
        }),
      200,
      'list_failure',
    ],
    delisted: [
      'delisted',
      (id) => owner.post(path(id, 'set-listing-delisted'), { marketplace: M }),
      200,
      'delisted',
    ],
    delistFailure: [
      'delist failure',
      (id) =>
        owner.post(path(id, 'set-listing-delist-failure'), { marketplace: M, reason: 'Gone' }),
      200,
      'delist_failure',
    ],
    sold: [
      'sold',
      (id) => owner.put(path(id, 'mark-item-as-sold'), { marketplace: M }),
      200,
      'sold',
    ],
    notListed: [
      'not listed',
      (id) => owner.put(path(id, 'bulk-mark-as-not-listed'), { marketplaces: [M] }),
      200,
      'not_listed',
    ],
  };
  const refused = (step: Step): Step => [`${step[0]} (refused)`, step[1], 409];

  const relistHalf: Step = ['delisted (relist: queued to list)', steps.delisted![1], 200, 'queued'];
  const paths: Step[][] = [
    [steps.queueList!, steps.listed!, steps.sold!, refused(steps.listed!), steps.notListed!],
    [
      refused(steps.queueDelist!),
      refused(steps.listed!),
      refused(steps.sold!),
      steps.queueList!,
      refused(steps.relist!),
    ],
    [
      steps.queueList!,
      steps.listFailure!,
      refused(steps.delisted!),
      steps.queueList!,
      steps.listed!,
    ],
    [
      steps.queueList!,
      steps.listed!,
      steps.queueDelist!,
      steps.delistFailure!,
      steps.relist!,
      relistHalf,
      steps.listed!,
    ],
    [
      steps.queueList!,
      steps.listed!,
      steps.queueDelist!,
      steps.delisted!,
      refused(steps.sold!),
      steps.queueList!,
    ],
    [steps.queueList!, steps.listed!, steps.relist!, steps.sold!, refused(steps.relist!)],
  ];

  for (const [index, sequence] of paths.entries()) {
    it(`path ${index + 1}: ${sequence.map((s) => s[0]).join(' → ')}`, async () => {
      const itemId = await newItem();
      let expected = 'not_listed';
      for (const [name, run, status, to] of sequence) {
        const response = await run(itemId);
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(status);
        if (status === 409) expect(response.body.message).toMatch(/^\S.*\.$|cannot|can't|not/i);
        if (to) expected = to;
        expect((await listingOf(itemId, M))?.status ?? 'not_listed', name).toBe(expected);
      }
    });
  }

  it('keeps only http and https listing URLs: another scheme is a 400 and changes nothing', async () => {
    const itemId = await newItem();
    await queue(itemId, M);
    for (const listingURL of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/listing',
    ]) {
      const refused = await owner.post(path(itemId, 'set-listing-listed'), {
        marketplace: M,
        listedID: 'FB-X',
        listingURL,
      });
      expect(refused.status, listingURL).toBe(400);
      expect(refused.body.message, listingURL).toBe(
        'listingURL: Only an http or https address can be stored.',
      );
      expect((await listingOf(itemId, M)).status, listingURL).toBe('queued');
    }
    const listed = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace: M,
      listedID: 'FB-X',
      listingURL: 'https://www.facebook.com/marketplace/item/1',
    });
    expect(listed.status, listed.text).toBe(200);
    expect(await listingOf(itemId, M)).toMatchObject({
      status: 'listed',
      listingURL: 'https://www.facebook.com/marketplace/item/1',
    });
  });

  it('records each change in the history, with the refusal message on 409', async () => {
    const itemId = await newItem();
    await queue(itemId, M);
    await owner.post(path(itemId, 'set-listing-listed'), { marketplace: M, listedID: 'FB-9' });
    const refusedResponse = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace: M,
    });
    expect(refusedResponse.status).toBe(409);
    expect(refusedResponse.body.message.length).toBeGreaterThan(10);
    const listing = await listingOf(itemId, M);
    expect(listing).toMatchObject({ status: 'listed', listedID: 'FB-9', pendingOperation: null });
    expect(typeof listing.lastStatusDate).toBe('number');
    const history = await owner.get(`${path(itemId, 'listing-history')}?marketplace=${M}`);
    expect(history.status).toBe(200);
    expect(history.body.events.map((e: any) => [e.event, e.from, e.to, e.by])).toEqual([
      ['queue_list', 'not_listed', 'queued', account.userId],
      ['listed', 'queued', 'listed', account.userId],
    ]);
    expect(history.body.events[1].listedID).toBe('FB-9');
    const ops = await operationsOf(itemId);
    expect(ops.map((o) => o.status)).toEqual(['succeeded']);
    expect(ops[0]!.idempotency_key).toBe(`${itemId}:${M}:list:1`);
  });

  it('numbers each operation of a listing after the earlier ones of its kind', async () => {
    const itemId = await newItem();
    for (const [step, status] of [
      [() => queue(itemId, M), 202],
      [
        () => owner.post(path(itemId, 'set-listing-listed'), { marketplace: M, listedID: 'FB-2' }),
        200,
      ],
      [() => queue(itemId, M, 'delist'), 202],
      [() => owner.post(path(itemId, 'set-listing-delisted'), { marketplace: M }), 200],
      [() => queue(itemId, M), 202],
    ] as const) {
      const response = await step();
      expect(response.status, response.text).toBe(status);
    }
    expect((await operationsOf(itemId)).map((op) => op.idempotency_key)).toEqual([
      `${itemId}:${M}:list:1`,
      `${itemId}:${M}:delist:1`,
      `${itemId}:${M}:list:2`,
    ]);
  });

  it('refuses to queue a listing whose preview has problems (400 with the problems)', async () => {
    server.container.connectors.register(fakeConnector('ebay', async () => ({})));
    const itemId = await newItem();
    const response = await queue(itemId, 'ebay');
    server.container.connectors.unregister('ebay');
    expect(response.status).toBe(400);
    expect(response.body.issues.map((i: any) => i.path)).toContain('listing.shipping.profileId');
    expect(response.body.problems).toContainEqual(
      expect.objectContaining({ code: 'field.missing', field: 'shipping.profileId' }),
    );
    expect((await listingOf(itemId, 'ebay'))?.status ?? 'not_listed').toBe('not_listed');
    expect(await operationsOf(itemId)).toEqual([]);
  });

  it('a duplicate queue request gives the same operation and one job', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    server.container.connectors.register(
      fakeConnector('sellwild', async () => {
        await gate;
        return { listedID: 'SW-1' };
      }),
    );
    const itemId = await newItem();
    const first = await queue(itemId, 'sellwild');
    expect(first.status, first.text).toBe(202);
    const second = await queue(itemId, 'sellwild');
    expect(second.status).toBe(200);
    expect(second.body.created).toBe(false);
    expect(second.body.operation.operationId).toBe(first.body.operation.operationId);
    release();
    const listing = await waitFor(
      () => listingOf(itemId, 'sellwild'),
      (l) => l.status === 'listed',
    );
    expect(listing).toMatchObject({ status: 'listed', listedID: 'SW-1' });
    const ops = await operationsOf(itemId);
    expect(ops).toHaveLength(1);
    const jobs = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'listings.execute'
          AND data->>'operationId' = ${ops[0]!.id}`,
    );
    expect(jobs[0]!.n).toBe(1);
    await waitFor(
      () => operationsOf(itemId),
      (o) => o[0]!.status === 'succeeded',
    );
  });

  it('a marketplace whose connector went away after the queue ends in list failure with the Not connected reason', async () => {
    const { container } = server;
    container.connectors.register(fakeConnector('whatnot', async () => ({ listedID: 'WN-0' })));
    // Queued while the connector was there, by a process whose send never happened.
    const unsent = listingServiceThatNeverSends(container);
    const context = await memberContext(container, account);
    const itemId = await newItem();
    const queued = await unsent.queue(context, itemId, {
      userId: account.userId,
      marketplace: 'whatnot',
      operation: 'list',
    });
    container.connectors.unregister('whatnot');
    await container.services.listings.execute(
      { operationId: queued.operation.operationId, accountId: account.accountId },
      { retryCount: 0, retryLimit: 5, logger: container.logger },
    );
    const listing = await listingOf(itemId, 'whatnot');
    expect(listing).toMatchObject({
      status: 'list_failure',
      failureReason: 'Not connected: ListLoop cannot reach Whatnot yet.',
    });
    const history = await owner.get(path(itemId, 'listing-history'));
    expect(history.body.events.at(-1)).toMatchObject({
      event: 'list_failure',
      by: 'connector:whatnot',
    });
    expect((await operationsOf(itemId))[0]!.status).toBe('failed');
  });

  it('a transient failure retries, then succeeds', async () => {
    let calls = 0;
    server.container.connectors.register(
      fakeConnector('shopify', async () => {
        calls += 1;
        if (calls < 3) throw new ConnectorError('Rate limited', { transient: true });
        return { listedID: 'SH-1', listingURL: 'https://shop.example/1' };
      }),
    );
    const itemId = await newItem();
    expect((await queue(itemId, 'shopify')).status).toBe(202);
    const listing = await waitFor(
      () => listingOf(itemId, 'shopify'),
      (l) => l.status !== 'queued',
      30_000,
    );
    expect(listing).toMatchObject({ status: 'listed', listedID: 'SH-1' });
    expect(calls).toBe(3);
    // Running the finished operation again does nothing.
    const [op] = await operationsOf(itemId);
    await server.container.services.listings.execute(
      { operationId: op!.id, accountId: account.accountId },
      { retryCount: 0, retryLimit: 5, logger: server.container.logger },
    );
    expect(calls).toBe(3);
  }, 40_000);

  it('a rate limit with Retry-After is tried again after the advertised delay', async () => {
    const calls: number[] = [];
    server.container.connectors.register(
      fakeConnector('whatnot', async () => {
        calls.push(Date.now());
        if (calls.length === 1)
          throw new ConnectorError('Too many requests', { transient: true, retryAfterSeconds: 2 });
        return { listedID: 'WN-1' };
      }),
    );
    const itemId = await newItem();
    expect((await queue(itemId, 'whatnot')).status).toBe(202);
    const listing = await waitFor(
      () => listingOf(itemId, 'whatnot'),
      (l) => l.status !== 'queued',
      30_000,
    );
    server.container.connectors.unregister('whatnot');
    expect(listing).toMatchObject({ status: 'listed', listedID: 'WN-1' });
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(1900);
    const [op] = await operationsOf(itemId);
    expect(op).toMatchObject({ status: 'succeeded', last_error: 'Too many requests' });
  }, 40_000);

  it('a permanent failure ends in list failure with the marketplace’s message', async () => {
    server.container.connectors.register(
      fakeConnector('vestiaireApi', async () => {
        throw new ConnectorError('Brand is not accepted by Vestiaire.');
      }),
    );
    const itemId = await newItem();
    expect((await queue(itemId, 'vestiaireApi')).status).toBe(202);
    const listing = await waitFor(
      () => listingOf(itemId, 'vestiaireApi'),
      (l) => l.status !== 'queued',
    );
    expect(listing).toMatchObject({
      status: 'list_failure',
      failureReason: 'Brand is not accepted by Vestiaire.',
    });
  });

  it('executor: claims leased operations, re-offers them when the lease expires', async () => {
    const itemId = await newItem();
    const queued = await queue(itemId, 'vestiaire');
    expect(queued.status).toBe(202);
    const operationId = queued.body.operation.operationId as string;
    const claim = (executorId: string) =>
      owner.post(`${EXECUTOR}/claim`, {
        marketplaces: ['vestiaire'],
        max: 5,
        leaseSeconds: 30,
        executorId,
      });
    const first = await claim('browser-a');
    expect(first.status, first.text).toBe(200);
    expect(first.body.operations).toEqual([
      expect.objectContaining({
        operationId,
        itemId,
        userId: account.userId,
        marketplace: 'vestiaire',
        operation: 'list',
      }),
    ]);
    expect((await claim('browser-b')).body.operations).toEqual([]);
    const beat = await owner.post(`${EXECUTOR}/operations/${operationId}/heartbeat`, {
      executorId: 'browser-a',
    });
    expect(beat.status, beat.text).toBe(200);

    await server.container.database.db.execute(
      sql`UPDATE listing_operations SET lease_expires_at = now() - interval '1 second' WHERE id = ${operationId}`,
    );
    const again = await claim('browser-b');
    expect(again.body.operations.map((o: any) => o.operationId)).toEqual([operationId]);
    const stale = await owner.post(`${EXECUTOR}/operations/${operationId}/heartbeat`, {
      executorId: 'browser-a',
    });
    expect(stale.status).toBe(409);

    const reported = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace: 'vestiaire',
      listedID: 'V-1',
    });
    expect(reported.status).toBe(200);
    const [op] = await operationsOf(itemId);
    expect(op).toMatchObject({ status: 'succeeded' });
    expect((await claim('browser-c')).body.operations).toEqual([]);
    const done = await owner.post(`${EXECUTOR}/operations/${operationId}/heartbeat`, {
      executorId: 'browser-b',
    });
    expect(done.status).toBe(409);
  });

  it('executor: fetches the listing to send; reports name the executor; a stale one is refused', async () => {
    const rule = await owner.put('/api/account/pricingRule/grailed', {
      pricingRule: { adjustmentPercent: 10, rounding: 'up_to_99' },
    });
    expect(rule.status, rule.text).toBe(200);
    const created = await owner.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'EXEC-1', size: 'M' },
    });
    const itemId = created.body.item.itemID as string;
    const queued = await queue(itemId, 'grailed');
    expect(queued.status, queued.text).toBe(202);
    const operationId = queued.body.operation.operationId as string;
    const claimed = await owner.post(`${EXECUTOR}/claim`, {
      marketplaces: ['grailed'],
      executorId: 'browser-a',
    });
    expect(claimed.body.operations.map((o: any) => o.operationId)).toEqual([operationId]);

    const fetched = await owner.get(`${EXECUTOR}/operations/${operationId}`);
    expect(fetched.status, fetched.text).toBe(200);
    expect(fetched.body.operation).toMatchObject({ operationId, status: 'running' });
    expect(fetched.body.item.itemID).toBe(itemId);
    // $45 + 10 % = $49.50, up to .99: the price the marketplace must be sent.
    expect(fetched.body.listing).toMatchObject({ title: 'Vintage denim jacket', price: 49.99 });
    expect(fetched.body.problems).toEqual([]);
    expect((await owner.get(`${EXECUTOR}/operations/no-such-operation-0000000`)).status).toBe(404);

    const stale = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace: 'grailed',
      listedID: 'G-1',
      executorId: 'browser-b',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Another executor holds this operation.');
    const reported = await owner.post(path(itemId, 'set-listing-listed'), {
      marketplace: 'grailed',
      listedID: 'G-1',
      executorId: 'browser-a',
    });
    expect(reported.status, reported.text).toBe(200);
    const history = await owner.get(`${path(itemId, 'listing-history')}?marketplace=grailed`);
    expect(history.body.events.at(-1)).toMatchObject({ event: 'listed', by: 'executor:browser-a' });

    const operations = await owner.get(path(itemId, 'listing-operations'));
    expect(operations.status).toBe(200);
    expect(operations.body.operations).toEqual([
      expect.objectContaining({
        operationId,
        marketplace: 'grailed',
        operation: 'list',
        executor: 'extension',
        status: 'succeeded',
        attempts: 1,
      }),
    ]);
  });

  it('queues only to the marketplaces the account may use, but always lets a delist through', async () => {
    const other = await createAccount(server);
    const client = await signIn(server, other);
    const created = await client.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'ALLOWED-1' },
    });
    const itemId = created.body.item.itemID as string;
    await connectMarketplace(client, 'facebook');
    const listed = async (marketplace: string) => {
      expect(
        (
          await client.put(`${REST}/${itemId}/status`, {
            userId: other.userId,
            marketplace,
            status: 'queue',
          })
        ).status,
      ).toBe(202);
      await client.post(`${ITEMS}/${other.userId}/${itemId}/set-listing-listed`, { marketplace });
    };
    await listed('facebook');
    await server.container.database.db.execute(
      sql`UPDATE accounts SET marketplace_allowed_to_access = '{"ebay": true}'::jsonb
          WHERE account_id = ${other.accountId}`,
    );
    const refused = await client.put(`${REST}/${itemId}/status`, {
      userId: other.userId,
      marketplace: 'grailed',
      status: 'queue',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Your account does not have access to Grailed. Ask your account administrator to turn it on.',
    );
    const session = await client.get('/api/rest/v1/auth/session');
    expect(session.body.allowedMarketplaces).toEqual(['ebay']);
    const delist = await client.put(`${REST}/${itemId}/status`, {
      userId: other.userId,
      marketplace: 'facebook',
      status: 'queue',
      operation: 'delist',
    });
    expect(delist.status, delist.text).toBe(202);
  });

  it('sends again an operation whose job was never sent (a stop between commit and send)', async () => {
    const { container } = server;
    let published = 0;
    container.connectors.register(
      fakeConnector('sellwild', async () => {
        published += 1;
        return { listedID: 'SW-SENT-1' };
      }),
    );
    // A listing service whose process "stops" right after the commit: its send never happens.
    const stopped = listingServiceThatNeverSends(container);
    const context = await memberContext(container, account);
    const itemId = await newItem();
    const queued = await stopped.queue(context, itemId, {
      userId: account.userId,
      marketplace: 'sellwild',
      operation: 'list',
    });
    const operationId = queued.operation.operationId;
    const [op] = await operationsOf(itemId);
    expect(op).toMatchObject({ id: operationId, status: 'queued' });

    const jobState = listingJobLookup(container.queue);
    // Not yet: a send may still be on its way.
    expect((await container.services.listings.sweep(jobState, container.logger)).resent).toBe(0);
    await container.database.db.execute(
      sql`UPDATE listing_operations SET created_at = now() - interval '1 minute' WHERE id = ${operationId}`,
    );
    expect((await container.services.listings.sweep(jobState, container.logger)).resent).toBe(1);
    const listing = await waitFor(
      () => listingOf(itemId, 'sellwild'),
      (l) => l.status !== 'queued',
    );
    expect(listing).toMatchObject({ status: 'listed', listedID: 'SW-SENT-1' });
    expect(published).toBe(1);
    // Sweeping again finds nothing: the operation is done.
    expect((await container.services.listings.sweep(jobState, container.logger)).resent).toBe(0);
  });

  it('sends again an operation whose worker died after starting its job, before taking it', async () => {
    const { container } = server;
    const { db } = container.database;
    let published = 0;
    container.connectors.register(
      fakeConnector('whatnot', async () => {
        published += 1;
        return { listedID: 'WN-TAKEN-1' };
      }),
    );
    const stopped = listingServiceThatNeverSends(container);
    const context = await memberContext(container, account);
    const itemId = await newItem();
    const queued = await stopped.queue(context, itemId, {
      userId: account.userId,
      marketplace: 'whatnot',
      operation: 'list',
    });
    const operationId = queued.operation.operationId;
    // Its job fetched by a worker that was killed before it took the operation (its lease): the
    // job stays active until pg-boss expires it, the operation queued, sent a while ago.
    const jobId = crypto.randomUUID();
    const data = JSON.stringify({ operationId, accountId: account.accountId });
    await db.execute(
      sql`INSERT INTO pgboss.job (id, name, data, state, started_on)
          VALUES (${jobId}, 'listings.execute', ${data}::jsonb, 'active', now())`,
    );
    await db.execute(
      sql`UPDATE listing_operations SET job_id = ${jobId}, updated_at = now() - interval '10 minutes'
          WHERE id = ${operationId}`,
    );
    const jobState = listingJobLookup(container.queue);
    // Just started: a live worker takes the operation in a moment.
    expect((await container.services.listings.sweep(jobState, container.logger)).resent).toBe(0);
    // Active for longer than a lease (120 s here) without taking it: its worker is gone.
    await db.execute(
      sql`UPDATE pgboss.job SET started_on = now() - interval '3 minutes' WHERE id = ${jobId}`,
    );
    expect((await container.services.listings.sweep(jobState, container.logger)).resent).toBe(1);
    const listing = await waitFor(
      () => listingOf(itemId, 'whatnot'),
      (l) => l.status !== 'queued',
    );
    expect(listing).toMatchObject({ status: 'listed', listedID: 'WN-TAKEN-1' });
    expect(published).toBe(1);
  });
});
