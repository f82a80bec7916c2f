/**
 * The split deployment's figures (issue 19, decision 0064): two API processes (ROLE=api) and two
 * worker processes (ROLE=worker) of bench/sales-server.ts (the real server with the sales
 * bench's 50 ms stand-in marketplaces) on one Postgres. Sales arrive as signed Shopify webhooks
 * sent in turn to the two APIs (a round robin in miniature) at 10 and at 100 a second; the
 * figure is the time from a webhook leaving here to the last of its four delist calls reaching
 * its stand-in in a worker. Then the inventory list page's throughput on one API process and
 * on two. Postgres only: the embedded database serves one process.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createContainer } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { TestClient } from '../test/client';
import { startServerProcess, type ServerProcess } from '../test/server-process';
import {
  SALES_OTHER_MARKETPLACES,
  SALES_SECRET,
  seedSales,
  sellAtPace,
  vacuumAnalyze,
} from './sales';
import { seedBenchItems } from './seed-items';
import { percentile } from './timing';

/** Sales at each rate: 20 s at 10 a second, 5 s at 100 a second. */
const RATES = [
  { perSecond: 10, sales: Number(process.env.BENCH_SPLIT_SLOW_SALES ?? 200) },
  { perSecond: 100, sales: Number(process.env.BENCH_SPLIT_FAST_SALES ?? 500) },
];
/** Items of the inventory the list page reads. */
const LIST_ITEMS = Number(process.env.BENCH_SPLIT_ITEMS ?? 10_000);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const LIST_PAGE = '/api/account/item?limit=50';

type Add = (figure: { name: string; value: number; unit: string; target?: string }) => void;

export async function benchSplit(
  env: Record<string, string>,
  owner: { email: string; password: string },
  add: Add,
): Promise<void> {
  const totalSales = RATES.reduce((sum, rate) => sum + rate.sales, 0);
  console.log(
    `Split deployment: seeding ${LIST_ITEMS.toLocaleString('en-US')} items and ${totalSales} sales…`,
  );
  const seeder = await createContainer(
    loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' }, []),
    { logger: pino({ level: 'silent' }) },
  );
  try {
    const created = await seeder.services.accounts.createWithOwner({
      companyName: 'Split Boutique',
      owner: { ...owner, firstName: 'Bea', lastName: 'Bench' },
    });
    const who = { accountId: created.account.accountId, userId: created.userId };
    await seedBenchItems(seeder.database, who, LIST_ITEMS);
    await seedSales(seeder, who, totalSales);
    await seeder.database.db.execute(sql`ANALYZE items`);
  } finally {
    await seeder.close();
  }

  const delists = new Map<string, Map<string, number>>();
  const onLine = (line: string) => {
    const [word, itemId, marketplace, at] = line.split(' ');
    if (word !== 'delist' || !itemId || !marketplace || !at) return;
    const seen = delists.get(itemId) ?? new Map<string, number>();
    if (!seen.has(marketplace)) seen.set(marketplace, Number(at));
    delists.set(itemId, seen);
  };
  const processEnv = {
    ...env,
    SEED_DEMO: 'false',
    MARKETPLACES: 'live',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    CREDENTIALS_KEY: crypto.randomBytes(32).toString('base64'),
    SHOPIFY_CLIENT_ID: 'bench-shopify-client',
    SHOPIFY_CLIENT_SECRET: SALES_SECRET,
    // Eight delists at once per worker process, as in the one-process sales bench.
    LISTING_WORKERS: '8',
    LOGIN_MAX_PER_IP: '100000',
    LOGIN_MAX_PER_EMAIL: '100000',
  };
  const processes: ServerProcess[] = [];
  try {
    processes.push(
      ...(await Promise.all(
        (['api', 'api', 'worker', 'worker'] as const).map((role) =>
          startServerProcess({
            role,
            env: processEnv,
            entry: 'apps/server/bench/sales-server.ts',
            onLine,
            timeoutMs: 180_000,
          }),
        ),
      )),
    );
    const apis = processes.filter((p) => p.role === 'api').map((p) => p.url!);

    let first = 0;
    for (const { perSecond, sales } of RATES) {
      // The 100-a-second run meets the database as autovacuum keeps one in service, with the
      // 10-a-second run's operations and jobs in its statistics (decision 0070).
      if (first > 0) await vacuumAnalyze(env.DATABASE_URL!);
      console.log(`  ${sales} sales at ${perSecond}/s, each delisted on 4 marketplaces…`);
      const since = new Date();
      const { latencies, delistsPerSecond } = await saleLatencies(
        apis,
        first,
        sales,
        perSecond,
        delists,
      );
      first += sales;
      const label = `split (2 API + 2 workers): sale → every other delist`;
      add({
        name: `${label} p50 at ${perSecond} sales/s (${sales} sales)`,
        value: percentile(latencies, 50),
        unit: 'ms',
      });
      add({
        name: `${label} p99 at ${perSecond} sales/s (${sales} sales)`,
        value: percentile(latencies, 99),
        unit: 'ms',
        target: '< 2,000 ms',
      });
      // Of that, the delist jobs' wait in the queue: sent (committed) to started by a worker.
      const waits = await jobWaits(env.DATABASE_URL!, since);
      add({
        name: `split (2 API + 2 workers): delist job sent → started p50 at ${perSecond} sales/s`,
        value: percentile(waits, 50),
        unit: 'ms',
      });
      add({
        name: `split (2 API + 2 workers): delist job sent → started p99 at ${perSecond} sales/s`,
        value: percentile(waits, 99),
        unit: 'ms',
      });
      add({
        name: `split (2 API + 2 workers): delists carried out per second at ${perSecond} sales/s`,
        value: delistsPerSecond,
        unit: 'delists/s',
      });
    }

    const client = new TestClient(apis[0]!);
    const login = await client.post('/api/rest/v1/auth/session_login', owner);
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
    const one = await listPageRate(apis.slice(0, 1), client.cookieHeader);
    const two = await listPageRate(apis, client.cookieHeader);
    const page = `inventory list page (50 of ${LIST_ITEMS.toLocaleString('en-US')} items)`;
    add({ name: `split: ${page} throughput, 1 API process`, value: one, unit: 'req/s' });
    add({ name: `split: ${page} throughput, 2 API processes`, value: two, unit: 'req/s' });
    add({
      name: `split: ${page} throughput, 2 API processes as a share of 1`,
      value: (two / one) * 100,
      unit: '%',
    });
  } finally {
    await Promise.all(processes.map((p) => p.stop()));
  }
}

/**
 * Sells items first…first+count-1 at `perSecond`, in turn through `apis`: the sorted latencies,
 * and the delists carried out per second from the first sale to the last delist.
 */
async function saleLatencies(
  apis: string[],
  first: number,
  count: number,
  perSecond: number,
  delists: Map<string, Map<string, number>>,
): Promise<{ latencies: number[]; delistsPerSecond: number }> {
  const { started, lastDelists } = await sellAtPace({
    apiOf: (n) => apis[n % apis.length]!,
    first,
    count,
    perSecond,
    delists,
    waitMs: 180_000,
  });
  const span = Math.max(...lastDelists.map((d) => d.last)) - started;
  return {
    latencies: lastDelists.map((d) => d.last - d.sentAt).sort((a, b) => a - b),
    delistsPerSecond: (count * SALES_OTHER_MARKETPLACES.length) / (span / 1000),
  };
}

/** How long each `listings.execute` job sent since `since` waited to start, sorted (ms). */
async function jobWaits(databaseUrl: string, since: Date): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ ms: number }>(
      `SELECT extract(epoch FROM started_on - created_on) * 1000 AS ms FROM pgboss.job
       WHERE name = 'listings.execute' AND created_on >= $1 AND started_on IS NOT NULL`,
      [since],
    );
    return rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
  } finally {
    await client.end();
  }
}

/** The list page's requests a second with CONNECTIONS connections shared among `apis`. */
async function listPageRate(apis: string[], cookie: string): Promise<number> {
  const results = await Promise.all(
    apis.map(
      (api) =>
        new Promise<autocannon.Result>((resolve, reject) => {
          autocannon(
            {
              url: `${api}${LIST_PAGE}`,
              connections: Math.floor(CONNECTIONS / apis.length),
              duration: DURATION,
              headers: { cookie },
            },
            (error, result) => (error ? reject(error) : resolve(result)),
          );
        }),
    ),
  );
  const failed = results.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failed > 0) throw new Error(`list page: ${failed} requests failed`);
  return results.reduce((sum, r) => sum + r.requests.average, 0);
}
