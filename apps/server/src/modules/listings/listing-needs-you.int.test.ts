import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';

const ITEMS = '/api/account/item';
const EXECUTOR = '/api/rest/v1/executor';
/** The extension's own origin: its requests carry it, and never a cookie. */
const EXTENSION_ORIGIN = 'chrome-extension://mkpfgbdjmonaipijfnkphbaolekngaog';

/**
 * "Needs you" (decision 0041): an executor that stops on a page the seller must deal with hands
 * the operation back, held; no claim takes it until the seller says "Try again".
 */
describe('executor: an operation held for the seller (needs you)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let sku = 0;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    for (const marketplace of ['facebook', 'vestiaire'] as const) {
      await connectMarketplace(owner, marketplace);
    }
  });
  afterAll(() => server.close());

  /** A new item, queued for listing on `marketplace`: answers it and its operation. */
  const queuedItem = async (marketplace = 'facebook') => {
    sku += 1;
    const created = await owner.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: `HOLD-${sku}` },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    const queued = await owner.put(`/api/rest/v1/item/${itemId}/status`, {
      userId: account.userId,
      marketplace,
      status: 'queue',
      operation: 'list',
    });
    expect(queued.status, queued.text).toBe(202);
    return { itemId, operationId: queued.body.operation.operationId as string };
  };
  const claim = (executorId: string, marketplace = 'facebook') =>
    owner.post(`${EXECUTOR}/claim`, { marketplaces: [marketplace], max: 20, executorId });
  const claimedIds = async (executorId: string, marketplace = 'facebook') => {
    const claimed = await claim(executorId, marketplace);
    expect(claimed.status, claimed.text).toBe(200);
    return (claimed.body.operations as { operationId: string }[]).map((o) => o.operationId);
  };
  const needsYou = (operationId: string, body: Record<string, unknown>) =>
    owner.post(`${EXECUTOR}/operations/${operationId}/needs-you`, body);
  const resume = (operationId: string, client: TestClient = owner) =>
    client.request('POST', `${EXECUTOR}/operations/${operationId}/resume`);
  const listingOf = async (itemId: string, marketplace = 'facebook') =>
    (await owner.get(`${ITEMS}/${account.userId}/${itemId}`)).body.item.listings[marketplace];
  const operationsOf = async (itemId: string) =>
    (await owner.get(`${ITEMS}/${account.userId}/${itemId}/listing-operations`)).body.operations;

  it('claim, needs you, no claim takes it, "Try again", the next claim takes it', async () => {
    const { itemId, operationId } = await queuedItem();
    expect(await claimedIds('browser-a')).toEqual([operationId]);

    const before = Date.now();
    const held = await needsYou(operationId, {
      reason: 'captcha',
      detail: '  Press and hold to confirm you are human.  ',
      pageUrl: 'https://www.facebook.com/marketplace/create/item',
      executorId: 'browser-a',
    });
    expect(held.status, held.text).toBe(200);
    expect(held.body.operation).toMatchObject({
      operationId,
      status: 'queued',
      leaseExpiresAt: null,
      attempts: 1,
      needsYou: {
        reason: 'captcha',
        detail: 'Press and hold to confirm you are human.',
        pageUrl: 'https://www.facebook.com/marketplace/create/item',
      },
    });
    const since = held.body.operation.needsYou.since as number;
    expect(since).toBeGreaterThanOrEqual(before - 1000);
    expect(since).toBeLessThanOrEqual(Date.now() + 1000);

    // The listing does not move: it is still queued for the list.
    expect(await listingOf(itemId)).toMatchObject({ status: 'queued', pendingOperation: 'list' });
    // The item screen and the executor read the same hold.
    expect((await operationsOf(itemId))[0]).toEqual(held.body.operation);
    const fetched = await owner.get(`${EXECUTOR}/operations/${operationId}`);
    expect(fetched.status, fetched.text).toBe(200);
    expect(fetched.body.operation.needsYou).toEqual(held.body.operation.needsYou);

    // No executor is offered it, not even the one that stopped, nor after a lease would end.
    expect(await claimedIds('browser-a')).toEqual([]);
    expect(await claimedIds('browser-b')).toEqual([]);
    const beat = await owner.post(`${EXECUTOR}/operations/${operationId}/heartbeat`, {
      executorId: 'browser-a',
    });
    expect(beat.status).toBe(409);
    expect(beat.body.message).toBe('This operation is not running; claim it first.');

    // Said again (a retried request, or the other reason of the same stop): the first stands.
    const again = await needsYou(operationId, { reason: 'signed_out', executorId: 'browser-a' });
    expect(again.status, again.text).toBe(200);
    expect(again.body.operation).toEqual(held.body.operation);

    const resumed = await resume(operationId);
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.operation).toMatchObject({
      operationId,
      status: 'queued',
      needsYou: null,
    });
    const twice = await resume(operationId);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      'The list on Facebook Marketplace is not waiting for you: it is queued for your browser extension, which takes it on its next look.',
    );

    expect(await claimedIds('browser-b')).toEqual([operationId]);
    const running = (await operationsOf(itemId))[0];
    expect(running).toMatchObject({ status: 'running', attempts: 2, needsYou: null });
    const busy = await resume(operationId);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(
      'The list on Facebook Marketplace is not waiting for you: your browser extension is carrying it out now.',
    );

    // Carried out at last.
    const listed = await owner.post(`${ITEMS}/${account.userId}/${itemId}/set-listing-listed`, {
      marketplace: 'facebook',
      listedID: 'FB-HELD-1',
      executorId: 'browser-b',
    });
    expect(listed.status, listed.text).toBe(200);
    const done = await resume(operationId);
    expect(done.status).toBe(409);
    expect(done.body.message).toBe(
      'The list on Facebook Marketplace has already been done: there is nothing to try again.',
    );
  });

  it('only the executor holding the operation may hand it over', async () => {
    const { operationId } = await queuedItem();
    // Not claimed yet: nobody holds it.
    const early = await needsYou(operationId, { reason: 'captcha', executorId: 'browser-a' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('This operation is not running; claim it first.');

    expect(await claimedIds('browser-a')).toEqual([operationId]);
    const other = await needsYou(operationId, { reason: 'captcha', executorId: 'browser-b' });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('Another executor holds this operation.');
    // Without an executorId the caller is its user id, which is not the holder either.
    expect((await needsYou(operationId, { reason: 'captcha' })).status).toBe(409);
    const [row] = await queryRows<{ status: string; needs_you_reason: string | null }>(
      server,
      sql`SELECT status, needs_you_reason FROM listing_operations WHERE id = ${operationId}`,
    );
    expect(row).toEqual({ status: 'running', needs_you_reason: null });

    const unknown = await needsYou('x'.repeat(24), { reason: 'captcha' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No such listing operation.');
    expect((await resume('x'.repeat(24))).status).toBe(404);
  });

  it('refuses a bad stop with what is wrong, and holds nothing', async () => {
    const { operationId } = await queuedItem();
    expect(await claimedIds('browser-a')).toEqual([operationId]);
    const bad: [Record<string, unknown>, string][] = [
      [{ reason: 'tired' }, 'reason'],
      [{}, 'reason'],
      [{ reason: 'captcha', pageUrl: 'javascript:alert(1)' }, 'pageUrl'],
      [{ reason: 'captcha', pageUrl: 'ftp://facebook.com/listing' }, 'pageUrl'],
      [{ reason: 'captcha', pageUrl: 'not a url' }, 'pageUrl'],
      [{ reason: 'captcha', detail: 'x'.repeat(501) }, 'detail'],
      [{ reason: 'captcha', executorId: '' }, 'executorId'],
    ];
    for (const [body, field] of bad) {
      const refused = await needsYou(operationId, { executorId: 'browser-a', ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('request/invalid');
      expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual([field]);
      expect(refused.body.message).toMatch(new RegExp(`^${field}: `));
    }
    const [row] = await queryRows<{ status: string; needs_you_reason: string | null }>(
      server,
      sql`SELECT status, needs_you_reason FROM listing_operations WHERE id = ${operationId}`,
    );
    expect(row).toEqual({ status: 'running', needs_you_reason: null });
  });

  it('a sale stops a held list like any queued one; "Try again" then says why', async () => {
    const { itemId, operationId } = await queuedItem();
    expect(await claimedIds('browser-a')).toEqual([operationId]);
    const held = await needsYou(operationId, { reason: 'signed_out', executorId: 'browser-a' });
    expect(held.status, held.text).toBe(200);

    const sold = await owner.put(`${ITEMS}/${account.userId}/${itemId}/mark-item-as-sold`, {
      marketplace: 'in_person',
    });
    expect(sold.status, sold.text).toBe(200);
    expect(sold.body.item.listings.facebook).toMatchObject({
      status: 'not_listed',
      pendingOperation: null,
    });
    const [operation] = await operationsOf(itemId);
    expect(operation).toMatchObject({ operationId, status: 'canceled', needsYou: null });
    expect(operation.cancelReason).toEqual(expect.any(String));
    const [row] = await queryRows<{ needs_you_reason: string | null; needs_you_at: Date | null }>(
      server,
      sql`SELECT needs_you_reason, needs_you_at FROM listing_operations WHERE id = ${operationId}`,
    );
    expect(row).toEqual({ needs_you_reason: null, needs_you_at: null });

    const resumed = await resume(operationId);
    expect(resumed.status).toBe(409);
    expect(resumed.body.message).toBe(
      `The list on Facebook Marketplace was canceled: ${operation.cancelReason}`,
    );
    // The executor that stopped is told why, as its heartbeat would be.
    const late = await needsYou(operationId, { reason: 'captcha', executorId: 'browser-a' });
    expect(late.status).toBe(409);
    expect(late.body.message).toContain('was canceled because the item sold.');
    expect(await claimedIds('browser-a')).toEqual([]);
  });

  it('the paired extension holds and resumes with its token; a hold stays on its marketplace', async () => {
    const paired = await owner.post('/api/executor-tokens', { name: 'Popup browser' });
    expect(paired.status, paired.text).toBe(201);
    const token = paired.body.token as string;
    const extension = new TestClient(server.baseUrl, { origin: EXTENSION_ORIGIN });
    const auth = { authorization: `Bearer ${token}` };

    const facebook = await queuedItem('facebook');
    const vestiaire = await queuedItem('vestiaire');
    const claimed = await extension.request('POST', `${EXECUTOR}/claim`, {
      body: { marketplaces: ['facebook'], executorId: 'popup' },
      headers: auth,
    });
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body.operations.map((o: { operationId: string }) => o.operationId)).toEqual([
      facebook.operationId,
    ]);
    const held = await extension.request(
      'POST',
      `${EXECUTOR}/operations/${facebook.operationId}/needs-you`,
      { body: { reason: 'blocked', detail: 'You have reached your daily limit.' }, headers: auth },
    );
    expect(held.status, held.text).toBe(409);
    expect(held.body.message).toBe('Another executor holds this operation.');
    const heldRight = await extension.request(
      'POST',
      `${EXECUTOR}/operations/${facebook.operationId}/needs-you`,
      {
        body: {
          reason: 'blocked',
          detail: 'You have reached your daily limit.',
          executorId: 'popup',
        },
        headers: auth,
      },
    );
    expect(heldRight.status, heldRight.text).toBe(200);
    expect(heldRight.body.operation.needsYou).toMatchObject({ reason: 'blocked', pageUrl: null });

    // Another marketplace's queue is not held by Facebook's stop.
    expect(await claimedIds('browser-v', 'vestiaire')).toEqual([vestiaire.operationId]);

    const resumed = await extension.request(
      'POST',
      `${EXECUTOR}/operations/${facebook.operationId}/resume`,
      { headers: auth },
    );
    expect(resumed.status, resumed.text).toBe(200);
    expect(resumed.body.operation.needsYou).toBeNull();
    expect(await claimedIds('popup')).toEqual([facebook.operationId]);
  });

  it('the queue: the caller’s unfinished extension operations, oldest first, with titles', async () => {
    const other = await createAccount(server);
    const stranger = await signIn(server, other);
    await connectMarketplace(stranger, 'facebook');
    const waiting = await queuedItem('vestiaire');
    const held = await queuedItem('facebook');
    expect(await claimedIds('browser-q')).toContain(held.operationId);
    expect(
      (await needsYou(held.operationId, { reason: 'signed_out', executorId: 'browser-q' })).status,
    ).toBe(200);

    const queue = await owner.get(`${EXECUTOR}/queue`);
    expect(queue.status, queue.text).toBe(200);
    const entries = queue.body.operations as {
      operationId: string;
      title: string | null;
      status: string;
      needsYou: { reason: string } | null;
    }[];
    const byId = new Map(entries.map((e) => [e.operationId, e]));
    expect(byId.get(waiting.operationId)).toMatchObject({
      status: 'queued',
      needsYou: null,
      title: COMPLETE_DETAILS.title,
    });
    expect(byId.get(held.operationId)).toMatchObject({
      status: 'queued',
      needsYou: { reason: 'signed_out' },
    });
    // Oldest first, and nothing finished.
    const created = entries.map((e) => e.operationId);
    expect(created.indexOf(waiting.operationId)).toBeLessThan(created.indexOf(held.operationId));
    expect(entries.every((e) => e.status === 'queued' || e.status === 'running')).toBe(true);
    // Another account sees none of them.
    const theirs = await stranger.get(`${EXECUTOR}/queue`);
    expect(theirs.body.operations).toEqual([]);
  });
});
