import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDepopEmulator,
  createEbayEmulator,
  type DepopEmulator,
  type EbayEmulator,
} from '@listloop/emulators';
import { createContainer, type Container } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { listingJobLookup } from '../src/modules/listings/listing.jobs';
import { expectNoViolations } from '../src/connectors/shared/testing/emulators';
import { TestClient } from './client';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from './database';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { startServerProcess, type ServerProcess } from './server-process';
import { waitFor } from './wait';

const ITEMS = 30;
const SALES = 10;
const MARKETPLACES = ['ebay', 'depop'] as const;
const LEASE_SECONDS = 5;
/** Each marketplace call takes this long, so a killed worker is caught holding operations. */
const MARKETPLACE_MS = 120;
const CATEGORY = 'Clothing > Men > Coats & Jackets';
const EBAY_APP = {
  clientId: 'ListLoop-Split-PRD-1234567890-abcdef12',
  clientSecret: 'PRD-split-secret',
  ruName: 'ListLoop-ListLoop-Split-PRD-abcdefgh',
};
const DEPOP_SECRET = 'split-depop-webhook-secret';
const OWNER = { email: 'split@listloop.test', password: 'a-long-password-1' };

/** An emulator behind a server that waits MARKETPLACE_MS before each request, as a real API takes time. */
async function serveSlowly(emulator: EbayEmulator | DepopEmulator) {
  const server = http.createServer((req, res) => {
    setTimeout(() => void emulator.handler(req, res), MARKETPLACE_MS);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface ItemState {
  id: string;
  sku: string;
  ebay: string | null;
  depop: string | null;
  depopId: string | null;
}

/**
 * The deployment of issue 19 on one Postgres: two API processes behind a round-robin proxy and
 * two worker processes, real child processes of `src/main.ts`, listing to the eBay and Depop
 * emulators. Items are created and cross-listed through both APIs, sales arrive as Depop's
 * signed webhooks at either API, and a worker is killed with SIGKILL while it holds
 * marketplace calls. Every listing is made exactly once at the marketplace, every sale takes
 * the item down on eBay, and nothing is left behind.
 */
describe.skipIf(testDatabaseKind() !== 'postgres')(
  'API and workers as separate processes on one Postgres (Postgres only: the embedded database serves one process)',
  () => {
    const cleanups: (() => Promise<unknown>)[] = [];
    let testDb: TestDatabase;
    let container: Container;
    let proxy: RoundRobinProxy;
    let ebay: EbayEmulator;
    let depop: DepopEmulator;
    let env: Record<string, string>;
    const workers: ServerProcess[] = [];
    let replacement: Promise<ServerProcess> | null = null;
    let accountId = '';

    beforeAll(async () => {
      proxy = await startRoundRobinProxy([]);
      cleanups.push(() => proxy.close());
      ebay = await createEbayEmulator({
        clients: [
          {
            clientId: EBAY_APP.clientId,
            clientSecret: EBAY_APP.clientSecret,
            ruNames: { [EBAY_APP.ruName]: `${proxy.url}/api/user/auth/callback/ebay` },
          },
        ],
      });
      depop = await createDepopEmulator({
        webhook: { url: `${proxy.url}/webhook/depop`, secret: DEPOP_SECRET },
      });
      const ebayServer = await serveSlowly(ebay);
      const depopServer = await serveSlowly(depop);
      cleanups.push(ebayServer.close, depopServer.close);

      testDb = await createTestDatabase();
      const { rows } = await testDb.database.executor.executeSql(
        'SELECT current_database() AS name',
      );
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${(rows[0] as { name: string }).name}`;
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-split-'));
      cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
      env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        DATABASE_URL: url.toString(),
        SEED_DEMO: 'false',
        // Every process signs and reads the same sessions and credentials.
        AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
        CREDENTIALS_KEY: crypto.randomBytes(32).toString('base64'),
        PUBLIC_URL: proxy.url,
        MARKETPLACES: 'live',
        EBAY_CLIENT_ID: EBAY_APP.clientId,
        EBAY_CLIENT_SECRET: EBAY_APP.clientSecret,
        EBAY_RU_NAME: EBAY_APP.ruName,
        EBAY_API_URL: ebayServer.url,
        EBAY_AUTH_URL: ebayServer.url,
        DEPOP_API_URL: depopServer.url,
        DEPOP_WEBHOOK_SECRET: DEPOP_SECRET,
        LISTING_LEASE_SECONDS: String(LEASE_SECONDS),
        LOGIN_MAX_PER_IP: '10000',
      };
      // This process: the seller's account, and later the minute's sweep.
      container = await createContainer(loadConfig(env, []), {
        database: testDb.database,
        logger: pino({ level: 'silent' }),
        queue: { schedule: false },
      });
      await container.queue.start();
      const created = await container.services.accounts.createWithOwner({
        companyName: 'Split Vintage',
        owner: { ...OWNER, firstName: 'Sam', lastName: 'Split' },
        accessLevel: 'member',
        accountFeatureFlags: {},
      });
      accountId = created.account.accountId;

      const started = await Promise.all(
        (['api', 'api', 'worker', 'worker'] as const).map((role) =>
          startServerProcess({ role, env }),
        ),
      );
      const apis = started.filter((p) => p.role === 'api');
      workers.push(...started.filter((p) => p.role === 'worker'));
      cleanups.push(...apis.map((api) => () => api.stop()));
      cleanups.push(async () => {
        // The replacement may still be starting when the test ends: it is stopped too.
        const started = await replacement?.catch(() => null);
        if (started) workers.push(started);
        await Promise.all(workers.map((worker) => worker.stop('SIGKILL')));
      });
      proxy.targets = apis.map((api) => api.url!);
    }, 180_000);

    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
      await container?.close();
      await testDb?.dispose();
    });

    const itemStates = async (): Promise<ItemState[]> =>
      (
        (await container.database.db.execute(sql`
          SELECT id, general_details->>'sku' AS sku,
                 listings->'ebay'->>'status' AS ebay,
                 listings->'depop'->>'status' AS depop,
                 listings->'depop'->>'listedID' AS "depopId"
          FROM items WHERE account_id = ${accountId} ORDER BY sku`)) as unknown as {
          rows: ItemState[];
        }
      ).rows;

    it('lists every item once, delists every sale, and loses nothing when a worker is killed', async () => {
      const seller = new TestClient(proxy.url);
      const login = await seller.post('/api/rest/v1/auth/session_login', OWNER);
      expect(login.status, login.text).toBe(200);
      const userId = (await seller.get('/api/rest/v1/auth/session')).body.userId as string;

      // eBay: where the seller ships from, then signing in (OAuth) as the browser would.
      const location = await seller.put('/api/account/defaults/ebay', {
        defaults: { location: { postalCode: '10001', country: 'US' } },
      });
      expect(location.status, location.text).toBe(200);
      const authorize = await seller.get('/api/user/auth/web-auth-url?marketplace=ebay');
      expect(authorize.status, authorize.text).toBe(200);
      const consent = await fetch(authorize.body.url as string, { redirect: 'manual' });
      expect(consent.status).toBe(302);
      const back = new URL(consent.headers.get('location')!);
      const callback = await seller.get(`${back.pathname}${back.search}`);
      expect(callback.status, callback.text).toBe(302);
      expect(callback.headers.get('location')).toContain('connected');
      // Depop: the seller's API key, checked with Depop.
      const depopConnection = crypto.randomBytes(12).toString('hex');
      const made = await seller.put(`/api/rest/v1/enterprise/connection/${depopConnection}`, {
        marketplace: 'depop',
        nickname: 'Depop',
      });
      expect(made.status, made.text).toBe(201);
      const key = await seller.put('/integration-depop/v1/credentials', {
        connectionId: depopConnection,
        credentials: {
          marketplaceAccount: { marketplaceID: 'depop' },
          apiKey: depop.issueApiKey(),
        },
      });
      expect(key.status, key.text).toBe(200);
      for (const [marketplace, rules] of Object.entries({
        ebay: [{ field: 'category', from: CATEGORY, to: '57988' }],
        depop: [
          { field: 'size', from: 'M', to: '52:10' },
          { field: 'category', from: CATEGORY, to: 'jackets' },
        ],
      })) {
        const put = await seller.put(`/api/account/mappingRule/${marketplace}`, { rules });
        expect(put.status, put.text).toBe(200);
      }
      const depopDefaults = await seller.put('/api/account/defaults/depop', {
        defaults: { shipping: { cost: 5, payer: 'buyer' }, extra: { department: 'menswear' } },
      });
      expect(depopDefaults.status, depopDefaults.text).toBe(200);
      // A worker readies the new eBay seller (policies, ship-from location) after connecting.
      await waitFor(
        async () => (await seller.get('/api/account/defaults/ebay')).body,
        (body) => Boolean(body?.defaults?.policies?.fulfillment),
        20_000,
      );

      // Items, through both APIs.
      const items: { itemID: string; userID: string }[] = [];
      for (let start = 0; start < ITEMS; start += 6) {
        const batch = await Promise.all(
          Array.from({ length: Math.min(6, ITEMS - start) }, (_, k) =>
            seller.post('/api/account/item', {
              generalDetails: {
                title: `Split denim jacket ${start + k}`,
                description: 'Classic trucker jacket, light fading, no holes.',
                brand: "Levi's",
                condition: 'good',
                price: 64,
                primaryColor: 'Blue',
                size: 'M',
                category: CATEGORY,
                quantity: 1,
                sku: `SPLIT-${String(start + k).padStart(3, '0')}`,
                weight: { pounds: 1, ounces: 4 },
                images: [
                  { id: `split-${start + k}`, url: 'https://images.listloop.test/denim.jpg' },
                ],
              },
            }),
          ),
        );
        for (const response of batch) {
          expect(response.status, response.text).toBe(201);
          items.push(response.body.item as { itemID: string; userID: string });
        }
      }

      // Load: every listing queued at once, sales as listings go live, a worker killed mid-call.
      const queued = await Promise.all(
        items.flatMap((item) =>
          MARKETPLACES.map((marketplace) =>
            seller.put(`/api/rest/v1/item/${item.itemID}/status`, {
              userId,
              marketplace,
              status: 'queue',
              operation: 'list',
            }),
          ),
        ),
      );
      for (const response of queued) expect(response.status, response.text).toBe(202);

      const sold = new Set<string>();
      const victim = workers[0]!;
      let killedAt: number | null = null;
      let swept = 0;
      const deadline = Date.now() + 45_000;
      for (;;) {
        const states = await itemStates();
        const asExpected = (s: ItemState) =>
          sold.has(s.sku)
            ? s.depop === 'sold' && s.ebay === 'delisted'
            : s.depop === 'listed' && s.ebay === 'listed';
        const settled = states.every(asExpected);
        if (settled && killedAt !== null) break;
        if (Date.now() > deadline) {
          const open = (
            (await container.database.db.execute(sql`
              SELECT o.item_id, o.marketplace, o.operation, o.status, o.attempts, o.lease_owner,
                     o.lease_expires_at, o.job_id, j.state AS job_state, j.started_on
              FROM listing_operations o LEFT JOIN pgboss.job j ON j.id::text = o.job_id
              WHERE o.account_id = ${accountId} AND o.status IN ('queued', 'running')`)) as unknown as {
              rows: unknown[];
            }
          ).rows;
          const unsettled = states.filter((s) => !asExpected(s));
          // Depop sends each webhook once: one not answered 200 may be a sale never recorded.
          const unanswered = depop.webhooks.deliveries
            .filter((delivery) => delivery.attempts.at(-1)?.status !== 200)
            .map(({ body, attempts }) => ({
              body,
              attempts: attempts.map(({ status, error }) => ({ status, error })),
            }));
          throw new Error(
            `not settled in time (victim ${victim.pid}, ${killedAt === null ? 'never killed' : 'killed'}, ${sold.size} sold): open operations ${JSON.stringify(open)}; listings not as expected ${JSON.stringify(unsettled)}; webhooks not answered 200 ${JSON.stringify(unanswered)}`,
          );
        }
        if (killedAt === null) {
          const [holding] = (
            (await container.database.db.execute(sql`
              SELECT count(*)::int AS n FROM listing_operations
              WHERE status = 'running' AND lease_owner LIKE ${`%:${victim.pid}:%`}`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows;
          // Killed as soon as it holds two operations mid-call, whatever has gone live yet:
          // how far the lists are by then depends on the machine, and a kill while many are in
          // flight is the harder case.
          if ((holding?.n ?? 0) >= 2) {
            await victim.stop('SIGKILL');
            killedAt = Date.now();
            // A replacement starts while the other worker carries on.
            replacement = startServerProcess({ role: 'worker', env });
            replacement.catch(() => undefined);
          }
        } else if (Date.now() > killedAt + (LEASE_SECONDS + 1) * 1000 * (swept + 1)) {
          // The minute's sweep (listings.sweep), run now rather than waited for: it sends
          // again what the dead worker held once its lease ran out.
          swept += 1;
          await container.services.listings.sweep(
            listingJobLookup(container.queue),
            container.logger,
          );
        }
        for (const state of states) {
          if (sold.size >= SALES) break;
          if (sold.has(state.sku) || state.depop !== 'listed' || state.ebay !== 'listed') continue;
          sold.add(state.sku);
          await depop.produceSale({ sku: state.sku });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await depop.settled();
      expect(sold.size).toBe(SALES);
      expect(killedAt).not.toBeNull();

      // At the marketplaces: one listing per item on each, live unless sold.
      const states = await itemStates();
      for (const state of states) {
        const offers = [...ebay.store.offers.values()].filter((o) => o.sku === state.sku);
        expect(offers, state.sku).toHaveLength(1);
        // A withdrawn offer is unpublished and its listing gone.
        expect(
          { status: offers[0]!.status, listing: offers[0]!.listing?.listingStatus ?? null },
          state.sku,
        ).toEqual(
          sold.has(state.sku)
            ? { status: 'UNPUBLISHED', listing: null }
            : { status: 'PUBLISHED', listing: 'ACTIVE' },
        );
        const products = [...depop.store.products.values()].filter((p) => p.sku === state.sku);
        expect(products, state.sku).toHaveLength(1);
        expect(products[0]!.status, state.sku).toBe(
          sold.has(state.sku) ? 'STATUS_PURCHASED' : 'STATUS_ONSALE',
        );
      }
      expectNoViolations(ebay);
      expectNoViolations(depop);
      // Every delivery reached an API and was taken.
      const deliveries = depop.webhooks.deliveries;
      expect(deliveries).toHaveLength(SALES);
      for (const delivery of deliveries) {
        expect(delivery.attempts.at(-1)?.status).toBe(200);
      }

      // In ListLoop: every operation ended once, one sale per order, nothing left in flight.
      const operations = (
        (await container.database.db.execute(sql`
          SELECT marketplace, operation, status, count(*)::int AS n FROM listing_operations
          WHERE account_id = ${accountId} GROUP BY 1, 2, 3
          ORDER BY marketplace, operation::text, status::text`)) as unknown as {
          rows: { marketplace: string; operation: string; status: string; n: number }[];
        }
      ).rows;
      expect(operations).toEqual([
        { marketplace: 'depop', operation: 'list', status: 'succeeded', n: ITEMS },
        { marketplace: 'ebay', operation: 'delist', status: 'succeeded', n: SALES },
        { marketplace: 'ebay', operation: 'list', status: 'succeeded', n: ITEMS },
      ]);
      const sales = (
        (await container.database.db.execute(sql`
          SELECT kind, count(*)::int AS n FROM sale_events
          WHERE account_id = ${accountId} GROUP BY kind`)) as unknown as {
          rows: { kind: string; n: number }[];
        }
      ).rows;
      expect(sales).toEqual([{ kind: 'sale', n: SALES }]);
      // Both APIs took requests; the surviving and replacement workers finished the work.
      expect(proxy.served.size).toBe(2);
      for (const count of proxy.served.values()) expect(count).toBeGreaterThan(ITEMS);
    }, 120_000);
  },
);
