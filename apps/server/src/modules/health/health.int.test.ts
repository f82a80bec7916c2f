import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingMigrations } from '../../platform/db/database';
import { startOpsServer, type OpsServer } from '../../platform/observability/ops-server';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { metricValue } from '../../../test/metrics';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const TOKEN = 'health-test-metrics-token-0123';

/**
 * The operators' routes on a real server whose queue is started but not yet worked: liveness,
 * readiness and its reasons, the metrics behind their token, and the same answers from the
 * operators' own listener (a worker's only HTTP).
 */
describe('health, readiness and metrics', () => {
  let server: TestServer;
  let account: AccountFixture;
  let ops: OpsServer;

  const scrape = async (base = server.baseUrl) => {
    const response = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  beforeAll(async () => {
    server = await startTestServer({
      work: false,
      env: { METRICS_TOKEN: TOKEN, PUBLIC_MAX_PER_IP: '1000' },
    });
    account = await createAccount(server);
    const { health } = server.container.observability;
    ops = await startOpsServer({
      port: 0,
      host: '127.0.0.1',
      metrics: server.container.observability.scrapable,
      metricsToken: TOKEN,
      live: async () => ({ statusCode: 200, body: await health.live() }),
      ready: async () => {
        const ready = await health.ready();
        return { statusCode: ready.status === 'ready' ? 200 : 503, body: ready };
      },
    });
  });
  afterAll(async () => {
    await ops?.close();
    await server?.close();
  });

  it('answers liveness in the shape it always had', async () => {
    const response = await fetch(`${server.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: server.databaseKind },
      queue: { status: 'ok', working: false },
      role: 'all',
    });
  });

  it('is not ready until its queue is worked, then ready', async () => {
    const before = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(before.status).toBe(503);
    expect(await before.json()).toMatchObject({
      status: 'not_ready',
      reasons: ['queue: not working jobs'],
      checks: { migrations: { status: 'ok', pending: [] }, shutdown: { status: 'ok' } },
    });

    // A job waits meanwhile: the backlog shows it, by queue, with how long it has waited.
    const { queue, jobs } = server.container;
    const jobId = await queue.send(jobs.purgeOAuthStates, {});
    await queryRows(
      server,
      sql`UPDATE pgboss.job SET start_after = now() - interval '90 seconds' WHERE id = ${jobId}`,
    );
    const text = await scrape();
    expect(
      metricValue(text, 'listloop_queue_depth', { queue: 'marketplace-auth.purge-states' }),
    ).toBe(1);
    expect(
      metricValue(text, 'listloop_queue_oldest_job_age_seconds', {
        queue: 'marketplace-auth.purge-states',
      }),
    ).toBeGreaterThanOrEqual(90);
    // Every registered queue has its series, waiting or not.
    expect(metricValue(text, 'listloop_queue_depth', { queue: 'listings.execute' })).toBe(0);

    await queue.work();
    const after = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ status: 'ready', reasons: [] });
  });

  it('finds migrations the database has not applied', async () => {
    const { database } = server.container;
    expect(await pendingMigrations(database)).toEqual([]);
    const [last] = await queryRows<{ id: number; hash: string; created_at: string }>(
      server,
      sql`SELECT id, hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    await queryRows(server, sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last!.id}`);
    try {
      const pending = await pendingMigrations(database);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatch(/^\d{4}_\w+$/);
    } finally {
      await queryRows(
        server,
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last!.id}, ${last!.hash}, ${last!.created_at}::bigint)`,
      );
    }
    expect(await pendingMigrations(database)).toEqual([]);
  });

  it('keeps metrics behind the token', async () => {
    const none = await fetch(`${server.baseUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.json()).toMatchObject({ code: 'auth/metrics-token' });
    const wrong = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN.replace(/.$/, 'x')}` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${server.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  });

  it('times requests by route pattern, method and status class, never by the URL sent', async () => {
    const owner = await signIn(server, account);
    const missing = await owner.get(`/api/account/item/${account.userId}/no-such-item-here`);
    expect(missing.status).toBe(404);
    await fetch(`${server.baseUrl}/api/no-such-route-at-all`);
    const text = await scrape();
    expect(
      metricValue(text, 'listloop_http_request_duration_seconds_count', {
        route: '/api/account/item/:userId/:itemId',
        method: 'GET',
        status_class: '4xx',
        role: 'all',
      }),
    ).toBe(1);
    expect(
      metricValue(text, 'listloop_http_request_duration_seconds_count', {
        route: 'unmatched',
        status_class: '4xx',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('no-such-item-here');
    expect(text).not.toContain('no-such-route-at-all');
  });

  it('says when the browser extensions last looked at each marketplace', async () => {
    const at = Date.now() - 1000;
    await server.container.services.executorPresence.claimed({
      accountId: account.accountId,
      userId: account.userId,
      tokenId: null,
      executorId: 'browser-1',
      marketplaces: ['poshmark', 'ebay'],
      at,
    });
    const text = await scrape();
    expect(
      metricValue(text, 'listloop_executor_last_seen_timestamp_seconds', {
        marketplace: 'poshmark',
      }),
    ).toBe(Math.floor(at / 1000) + (at % 1000) / 1000);
    expect(metricValue(text, 'listloop_executors_active', { marketplace: 'poshmark' })).toBe(1);
    // Only the extension's marketplaces are its presence.
    expect(metricValue(text, 'listloop_executors_active', { marketplace: 'ebay' })).toBeUndefined();
  });

  it("answers the same on the operators' own listener, and nothing else there", async () => {
    const base = `http://127.0.0.1:${ops.port}`;
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready' });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    expect(await scrape(base)).toContain('listloop_queue_depth');
    expect((await fetch(`${base}/api/account/item`)).status).toBe(404);
    expect((await fetch(`${base}/api/health`, { method: 'POST' })).status).toBe(405);
  });

  // Last: the server stays stopping.
  it('is not ready from the moment it is stopping, and still alive', async () => {
    server.container.observability.lifecycle.beginStopping();
    const ready = await fetch(`${server.baseUrl}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: 'not_ready',
      reasons: ['shutting down'],
      checks: { shutdown: { status: 'stopping' } },
    });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${ops.port}/api/health/ready`)).status).toBe(503);
  });
});
