/**
 * `npm run bench`: measures the inventory on 100,000 items over HTTP against the real server,
 * run as its own process (`src/main.ts`), so the load generator never shares its event loop.
 * Postgres when BENCH_DATABASE_URL is set (a scratch database is created on that server and
 * dropped afterwards), else PGlite in a scratch DATA_DIR. Results go to bench/results.json
 * (one object per figure; figures of the other database are kept) and a table on stdout.
 * Not a test: nothing here passes or fails.
 *
 * BENCH_PARTS picks the parts (all by default): `inventory`, `listings`, `sales` and
 * `webhook-flood` (bench/webhook-flood.ts) on the scratch database; `connectors` (bench/connectors.ts) against the marketplace emulators, with no
 * database, so its figures are recorded under database `none`; `extension` (bench/extension.ts):
 * the browser extension in Chromium against its own scratch database with the demo seeded
 * (its zip's size, which no database takes part in, under `none`); `team` (bench/team.ts): a
 * bulk invitation of 500 members by e-mail through a loopback SMTP server, on its own scratch
 * database. `dashboard` (bench/dashboard.ts): GET /api/dashboard over 100,000 items and 20,000
 * sales, on its own scratch database; `picking-list` (bench/picking-list.ts): 250 orders waiting to be packed, read,
 * printed, scanned and packed, on its own scratch database; `analytics` (bench/analytics.ts): the
 * analytics screen's queries over 100,000 items and 20,000 sales, on its own scratch database;
 * `reports` (bench/reports.ts): an item report of the 100,000 items as CSV and as XLSX, the job
 * in this process so its memory is sampled, on its own scratch database. `ai` (bench/ai.ts): the
 * AI helper's completions with the offline provider, one request at a time, on a shop with sold
 * history, on its own scratch database; `background-removal`
 * (bench/background-removal.ts): the model's time per 1,600 px picture and its process's peak
 * memory, with no database (recorded under `none`); `enrichment`
 * (bench/enrichment.ts): reading one 1,600 px photo for enrich by images (colours, text,
 * barcode, and the three at once) in this process, no database (under `none`); `web`
 * (bench/web-bundle.ts): the web app's initial JavaScript from its production build, raw and
 * gzipped (under `none`); `search` (bench/search.ts): inventory searches of each kind of term
 * over 1,000,000 items on Postgres (100,000 on PGlite; BENCH_SEARCH_ITEMS), through the API and
 * as SQL, on its own scratch database. The inventory part also records the server's RSS idle and its peak
 * under each 50-connection load. Postgres only (skipped on PGlite, which serves one process), each
 * on its own scratch database: `wake-up` (bench/wake-up.ts): the time from a job sent in this
 * process to its start in a worker process polling every 2 s (decision 0064); `split`
 * (bench/split.ts): two API and two worker processes, sale to last delist at 10 and 100 sales a
 * second, and the list page's throughput on one API process and on two.
 *
 * BENCH_CPU_PROF=<dir> runs every server it starts under `--cpu-prof`, writing a .cpuprofile
 * into <dir> when that server stops; `node scripts/cpu-profile-top.mjs <file>` prints its top
 * functions by self and by total time.
 *
 * The sales part sells BENCH_SALES items at 10 a second (500) and, on Postgres,
 * BENCH_FAST_SALES at 100 a second (1,000), after 30 uncounted sales that warm the server up;
 * its server runs BENCH_LISTING_WORKERS fetches of marketplace operations at once (8), each of
 * up to 8 operations (a sale's four delists go together).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { LoadFailures } from './load-failures';
import { benchWebBundle } from './web-bundle';
import { peakResidentMb, residentMb } from './process-memory';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { createContainer } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { TestClient } from '../test/client';
import { benchConnectors } from './connectors';
import { benchDashboard, seedDashboardSales } from './dashboard';
import { benchExtension, buildExtension } from './extension';
import { benchSales, SALES_SECRET, seedSales, vacuumAnalyze } from './sales';
import { benchTeam } from './team';
import { benchPickingList } from './picking-list';
import { benchAi } from './ai';
import { benchAnalytics, seedAnalytics } from './analytics';
import { benchReports } from './reports';
import { benchBackgroundRemoval } from './background-removal';
import { benchEnrichment } from './enrichment';
import { benchWebhookFlood, WEBHOOK_FLOOD_ENV } from './webhook-flood';
import { benchSearch, prepareSearch, searchItems } from './search';
import { benchSplit } from './split';
import { benchWakeUp } from './wake-up';
import { startSmtpReceiver } from '../test/smtp-receiver';
import { seedBenchItems } from './seed-items';
import { percentile } from './timing';
import { captureListSql, pgbenchReplay, replay, type RawFigure } from './raw-sql';

interface Figure {
  name: string;
  value: number;
  unit: string;
  database: string;
  target?: string;
}

interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  failed: number;
  /** What failed, when anything did: statuses, errors and the first answers. */
  why: string;
}

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
/**
 * Which figures to measure: `inventory`, `listings`, `sales`, `webhook-flood`, `connectors`,
 * `extension`, `team`, `dashboard`, `picking-list`, `analytics`, `reports`, `ai`,
 * `background-removal`, `enrichment`, `web`, `search`, `wake-up`, `split` (all by default).
 */
const PARTS = new Set(
  (
    process.env.BENCH_PARTS ??
    'inventory,listings,sales,webhook-flood,connectors,extension,team,dashboard,picking-list,analytics,reports,ai,background-removal,enrichment,web,search,wake-up,split'
  )
    .split(',')
    .map((p) => p.trim()),
);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const OWNER = { email: 'bench@listloop.local', password: 'bench-password-1' };
const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * autocannon at 50 connections for DURATION seconds. Every response time is kept, so the
 * percentiles are exact (autocannon's summary has p97.5 but no p95).
 */
async function load(
  baseUrl: string,
  cookie: string,
  options: Partial<autocannon.Options>,
): Promise<LoadResult> {
  const times: number[] = [];
  const failures = new LoadFailures();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
        ...options,
        requests: failures.watch(options.requests),
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    failures.follow(instance);
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: result.requests.average,
    failed: result.non2xx + result.errors,
    why: failures.describe(result),
  };
}

async function timeIt<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A scratch database: a new one on the Postgres server, or a new PGlite folder. */
async function scratchDatabase(): Promise<{
  kind: 'postgres' | 'pglite';
  env: Record<string, string>;
  drop(): Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-bench-'));
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      drop: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `listloop_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bench account and its 100,000 items (and the sales part's), before the server starts. */
async function seed(env: Record<string, string>, count: number): Promise<number> {
  const container = await createContainer(
    loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' }, []),
    {
      logger: pino({ level: 'silent' }),
    },
  );
  try {
    const owner = await container.services.accounts.createWithOwner({
      companyName: 'Bench Boutique',
      owner: { ...OWNER, firstName: 'Bea', lastName: 'Bench' },
    });
    const seeded = await timeIt(() =>
      seedBenchItems(
        container.database,
        { accountId: owner.account.accountId, userId: owner.userId },
        count,
      ),
    );
    if (PARTS.has('sales')) {
      await seedSales(container, { accountId: owner.account.accountId, userId: owner.userId });
    }
    if (PARTS.has('dashboard') && count > 0) {
      const who = { accountId: owner.account.accountId, userId: owner.userId };
      await seedDashboardSales(container.database, who, count);
    }
    await container.database.db.execute(sql`ANALYZE items`);
    return seeded.ms;
  } finally {
    await container.close();
  }
}

async function startServer(
  env: Record<string, string>,
  options: {
    entry?: string;
    onLine?: (line: string) => void;
    /** The demo account seeded, with the sandbox marketplaces it is connected to. */
    demo?: boolean;
  } = {},
): Promise<{ baseUrl: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops (read it with
  // scripts/cpu-profile-top.mjs).
  const cpuProfileDir = process.env.BENCH_CPU_PROF;
  const profile = cpuProfileDir
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfileDir)}`]
    : [];
  const child = spawn(
    process.execPath,
    [
      ...profile,
      '--import',
      'tsx',
      path.join(repoRoot, options.entry ?? 'apps/server/src/main.ts'),
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: options.demo ? 'true' : 'false',
        // The figures are the engine's own: no emulated marketplaces in the process (but for
        // the demo's, which are part of it).
        MARKETPLACES: options.demo ? 'sandbox' : 'live',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        LOGIN_MAX_PER_IP: '100000',
        LOGIN_MAX_PER_EMAIL: '100000',
      },
      stdio: ['ignore', options.onLine ? 'pipe' : 'ignore', 'inherit'],
    },
  );
  if (options.onLine && child.stdout) {
    let pending = '';
    const onLine = options.onLine;
    child.stdout.on('data', (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line);
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return { baseUrl, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not become healthy within 180 s');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const LISTING_MARKETPLACE = 'sellwild';
const LISTING_OPERATIONS = 1000;

/**
 * Listing figures: the time from a queue request (PUT …/status) to the job calling the
 * connector, over 1,000 operations sent one after another; then 1,000 operations sent 20 at a
 * time and the rate at which they are carried out (queue request to listing recorded).
 */
async function benchListings(
  baseUrl: string,
  published: Map<string, number>,
  add: (figure: Omit<Figure, 'database'>) => void,
) {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', OWNER);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  const userId = (await client.get('/api/rest/v1/auth/session')).body.userId as string;
  // ListLoop queues only where it can reach the seller: the seller's account, connected.
  const connectionId = `bench${LISTING_MARKETPLACE}connection0000`;
  const connection = await client.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
    marketplace: LISTING_MARKETPLACE,
    nickname: 'Bench',
  });
  if (connection.status !== 201) throw new Error(`connect failed: ${connection.text}`);
  const key = await client.put(`/integration-${LISTING_MARKETPLACE}/v1/credentials`, {
    connectionId,
    credentials: { marketplaceAccount: { marketplaceID: LISTING_MARKETPLACE }, apiKey: 'bench' },
  });
  if (key.status !== 200) throw new Error(`connect failed: ${key.text}`);

  const createItems = async (count: number, prefix: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let start = 0; start < count; start += 20) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(20, count - start) }, (_, k) =>
          client.post('/api/account/item', {
            generalDetails: {
              images: [{ id: `bench-img-${start + k}`, url: 'https://images.example.test/1.jpg' }],
              title: `Bench listing ${prefix} ${start + k}`,
              description: 'A jacket for the listing benchmark.',
              brand: "Levi's",
              condition: 'good',
              price: 45,
              category: 'Clothing > Men > Coats & Jackets',
              weight: { pounds: 1, ounces: 4 },
              sku: `${prefix}-${start + k}`,
            },
          }),
        ),
      );
      for (const response of batch) {
        if (response.status !== 201) throw new Error(`item create failed: ${response.text}`);
        ids.push(response.body.item.itemID as string);
      }
    }
    return ids;
  };
  const queueOne = async (itemId: string) => {
    const response = await client.put(`/api/rest/v1/item/${itemId}/status`, {
      userId,
      marketplace: LISTING_MARKETPLACE,
      status: 'queue',
    });
    if (response.status !== 202) throw new Error(`queue failed: ${response.text}`);
  };
  const listedCount = async () =>
    (
      await client.get(
        `/api/account/item?limit=1&marketplace=${LISTING_MARKETPLACE}&listingStatus=listed`,
      )
    ).body.total as number;
  const waitListed = async (count: number) => {
    const deadline = Date.now() + 300_000;
    while ((await listedCount()) < count) {
      if (Date.now() > deadline) throw new Error('listing jobs did not finish within 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  console.log(`Listing engine: ${LISTING_OPERATIONS} operations to a no-op connector…`);
  const first = await createItems(LISTING_OPERATIONS, 'LAT');
  const sentAt = new Map<string, number>();
  for (const itemId of first) {
    sentAt.set(itemId, Date.now());
    await queueOne(itemId);
  }
  await waitListed(LISTING_OPERATIONS);
  const delays = first.map((id) => (published.get(id) ?? Number.NaN) - sentAt.get(id)!);
  if (delays.some((d) => Number.isNaN(d))) throw new Error('a queued operation never started');
  delays.sort((a, b) => a - b);
  add({
    name: 'queue request → job start p50 (1,000 ops)',
    value: percentile(delays, 50),
    unit: 'ms',
  });
  add({
    name: 'queue request → job start p99 (1,000 ops)',
    value: percentile(delays, 99),
    unit: 'ms',
  });

  const second = await createItems(LISTING_OPERATIONS, 'TPUT');
  const burst = await timeIt(async () => {
    for (let start = 0; start < second.length; start += 20) {
      await Promise.all(second.slice(start, start + 20).map(queueOne));
    }
    await waitListed(LISTING_OPERATIONS * 2);
  });
  add({
    name: 'listing jobs completed per second (no-op connector)',
    value: LISTING_OPERATIONS / (burst.ms / 1000),
    unit: 'jobs/s',
  });
}

/** Seeds the scratch database and measures the chosen parts; answers the figures. */
async function measure(scratch: Awaited<ReturnType<typeof scratchDatabase>>): Promise<Figure[]> {
  const database = scratch.kind;
  const figures: Figure[] = [];
  const add = (figure: Omit<Figure, 'database'>) => {
    figures.push({ ...figure, database });
    console.log(
      `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
    );
  };

  let server: { baseUrl: string; child: ChildProcess } | null = null;
  try {
    const items = PARTS.has('inventory') ? ITEMS : 0;
    console.log(`ListLoop bench on ${database}: seeding ${items.toLocaleString('en-US')} items…`);
    const seeded = await seed(scratch.env, items);
    if (PARTS.has('inventory')) {
      add({ name: 'seed items (SQL, not a product figure)', value: seeded / 1000, unit: 's' });
      await benchInventory(scratch.env, add);
    }
    if (PARTS.has('listings')) {
      const published = new Map<string, number>();
      server = await startServer(
        { ...scratch.env, BENCH_MARKETPLACE: LISTING_MARKETPLACE },
        {
          entry: 'apps/server/bench/listing-server.ts',
          onLine: (line) => {
            const [word, itemId, at] = line.split(' ');
            if (word === 'publish' && itemId && at) published.set(itemId, Number(at));
          },
        },
      );
      await benchListings(server.baseUrl, published, add);
      await stopServer(server.child);
      server = null;
    }
    if (PARTS.has('sales')) {
      const delists = new Map<string, Map<string, number>>();
      server = await startServer(
        {
          ...scratch.env,
          SHOPIFY_CLIENT_ID: 'bench-shopify-client',
          SHOPIFY_CLIENT_SECRET: SALES_SECRET,
          // Eight fetches at once per process, each a sale's four delists or more: each delist
          // waits 50 ms on its marketplace.
          LISTING_WORKERS: process.env.BENCH_LISTING_WORKERS ?? '8',
        },
        {
          entry: 'apps/server/bench/sales-server.ts',
          onLine: (line) => {
            const [word, itemId, marketplace, at] = line.split(' ');
            if (word !== 'delist' || !itemId || !marketplace || !at) return;
            const seen = delists.get(itemId) ?? new Map<string, number>();
            if (!seen.has(marketplace)) seen.set(marketplace, Number(at));
            delists.set(itemId, seen);
          },
        },
      );
      // A database in service has statistics of its listing operations and jobs; a scratch one
      // has none until autovacuum's first visit, and without them Postgres took the operations
      // of a sale's items through the account's whole backlog (decisions 0070, 0071).
      const databaseUrl = scratch.env.DATABASE_URL;
      const asInService = databaseUrl ? () => vacuumAnalyze(databaseUrl) : undefined;
      await benchSales(server.baseUrl, database, delists, add, asInService);
      await stopServer(server.child);
      server = null;
    }
    if (PARTS.has('webhook-flood')) {
      server = await startServer({ ...scratch.env, ...WEBHOOK_FLOOD_ENV });
      await benchWebhookFlood(server.baseUrl, add);
    }
  } finally {
    if (server) await stopServer(server.child);
    await scratch.drop();
  }
  return figures;
}

/** The inventory figures: list and search pages, item create, bulk edit, CSV import. */
async function benchInventory(
  env: Record<string, string>,
  add: (figure: Omit<Figure, 'database'>) => void,
) {
  // The SQL each page runs, straight through the driver at the same concurrency, before the
  // server holds the database: the API figures are read as a share of these.
  const queries = {
    'inventory list page (50 items)': 'limit=50',
    // As the web app asks: the rows at once, the count on its own request beside them.
    'inventory search page (50 items, "denim")': 'limit=50&q=denim&total=later',
  } as const;
  const sqlOf = await captureListSql(env, OWNER.email, queries);
  const raw = new Map<
    string,
    { page: RawFigure; endpoint: RawFigure; pgbench: { perSecond: number } | null }
  >();
  for (const name of Object.keys(queries)) {
    const statements = sqlOf[name]!;
    const page = await replay(env, statements.page, CONNECTIONS, DURATION);
    const endpoint = await replay(env, statements.endpoint, CONNECTIONS, DURATION);
    const pgbench = await pgbenchReplay(env, statements.page, CONNECTIONS, DURATION);
    raw.set(name, { page, endpoint, pgbench });
    if (pgbench) {
      add({
        name: `${name}: raw page query throughput (pgbench)`,
        value: pgbench.perSecond,
        unit: 'req/s',
      });
    }
    add({
      name: `${name}: raw page query throughput (pg driver)`,
      value: page.perSecond,
      unit: 'req/s',
    });
    add({ name: `${name}: raw page query p95 (pg driver)`, value: page.p95, unit: 'ms' });
    add({
      name: `${name}: raw SQL of the request (${statements.endpoint.length} statements) throughput`,
      value: endpoint.perSecond,
      unit: 'req/s',
    });
  }

  let server: { baseUrl: string; child: ChildProcess } | null = null;
  try {
    server = await startServer(env);
    const { baseUrl } = server;
    const client = new TestClient(baseUrl);
    const login = await client.post('/api/rest/v1/auth/session_login', OWNER);
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
    const cookie = client.cookieHeader;
    const userId = (await client.get('/api/rest/v1/auth/session')).body.userId as string;
    const serverPid = server.child.pid;
    const idleMb = serverPid === undefined ? null : residentMb(serverPid);
    if (idleMb !== null) add({ name: 'server RSS, idle after sign-in', value: idleMb, unit: 'MB' });

    for (const [name, search] of Object.entries(queries)) {
      const query = `/api/account/item?${search}`;
      // One connection: the time one request takes. Fifty: what the server sustains, where
      // the latency is mostly waiting in line behind the other 49.
      const alone = await load(baseUrl, cookie, {
        url: baseUrl + query,
        method: 'GET',
        connections: 1,
      });
      if (alone.failed > 0) throw new Error(`${name}, 1 connection: ${alone.why}`);
      add({ name: `${name}, 1 connection p50`, value: alone.p50, unit: 'ms' });
      add({ name: `${name}, 1 connection p95`, value: alone.p95, unit: 'ms' });
      const { result, peakMb } = await peakResidentMb(serverPid ?? -1, () =>
        load(baseUrl, cookie, { url: baseUrl + query, method: 'GET' }),
      );
      if (result.failed > 0) throw new Error(`${name}: ${result.why}`);
      if (peakMb !== null) {
        add({ name: `server RSS, peak under ${name}`, value: peakMb, unit: 'MB' });
      }
      add({ name: `${name} p50`, value: result.p50, unit: 'ms' });
      const listPage = name === 'inventory list page (50 items)';
      add({
        name: `${name} p95`,
        value: result.p95,
        unit: 'ms',
        target: listPage ? '< 50 ms on Postgres' : '< 100 ms on Postgres',
      });
      add({ name: `${name} p99`, value: result.p99, unit: 'ms' });
      add({
        name: `${name} throughput`,
        value: result.perSecond,
        unit: 'req/s',
        ...(listPage ? { target: '≥ 1,000 on Postgres, ≥ 300 on PGlite' } : {}),
      });
      const sql = raw.get(name)!;
      add({
        name: `${name}: API throughput as a share of the raw page query's (pg driver)`,
        value: (result.perSecond / sql.page.perSecond) * 100,
        unit: '%',
        ...(listPage ? { target: '≥ 10 % on Postgres' } : {}),
      });
      if (sql.pgbench) {
        add({
          name: `${name}: API throughput as a share of the raw page query's (pgbench)`,
          value: (result.perSecond / sql.pgbench.perSecond) * 100,
          unit: '%',
          ...(listPage ? { target: '≥ 10 % on Postgres' } : {}),
        });
      }
      add({
        name: `${name}: API throughput as a share of the request's raw SQL`,
        value: (result.perSecond / sql.endpoint.perSecond) * 100,
        unit: '%',
      });
    }

    // The searched view's count, the request the web app sends once beside a view's first page
    // (never per page, so never fifty at once from one seller).
    const countName = 'inventory search count ("denim", exact under 10,000)';
    const countUrl = `${baseUrl}/api/account/item/total?q=denim`;
    const countAlone = await load(baseUrl, cookie, {
      url: countUrl,
      method: 'GET',
      connections: 1,
    });
    if (countAlone.failed > 0) throw new Error(`${countName}, 1 connection: ${countAlone.why}`);
    add({ name: `${countName}, 1 connection p50`, value: countAlone.p50, unit: 'ms' });
    add({ name: `${countName}, 1 connection p95`, value: countAlone.p95, unit: 'ms' });

    let sequence = 0;
    const create = await load(baseUrl, cookie, {
      url: `${baseUrl}/api/account/item`,
      method: 'POST',
      // A new SKU for every request: SKUs are unique per inventory.
      requests: [
        {
          setupRequest: (request) => {
            sequence += 1;
            return {
              ...request,
              body: JSON.stringify({
                generalDetails: {
                  title: `Bench create ${sequence}`,
                  brand: 'Bench',
                  price: 19.99,
                  sku: `BENCH-C-${sequence}`,
                },
                labels: ['bench'],
              }),
            };
          },
        },
      ],
    });
    if (create.failed > 0) throw new Error(`item create: ${create.why}`);
    add({
      name: 'item create',
      value: create.perSecond,
      unit: 'items/s',
      target: '> 300/s on Postgres',
    });
    add({ name: 'item create p95', value: create.p95, unit: 'ms' });

    const ids: string[] = [];
    let cursor: string | null = null;
    while (ids.length < 1000) {
      const response = await client.get(
        `/api/account/item?limit=200&sort=dateCreated:asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...(response.body.items as { itemID: string }[]).map((i) => i.itemID));
      cursor = response.body.nextCursor;
      if (!cursor) break;
    }
    const bulk = await timeIt(() =>
      client.patch(`/api/account/item/${userId}/bulk-items`, {
        itemIds: ids.slice(0, 1000),
        changes: { price: 42, addLabels: ['bulk-edited'] },
      }),
    );
    if (bulk.result.status !== 200) throw new Error(`bulk edit failed: ${bulk.result.text}`);
    add({
      name: 'bulk edit of 1,000 items',
      value: bulk.ms / 1000,
      unit: 's',
      target: '< 2 s on Postgres',
    });

    const rows = [
      'sku,title,description,brand,condition,price,quantity,weight_lb,weight_oz,category,labels',
    ];
    for (let i = 0; i < 10_000; i += 1) {
      rows.push(
        `IMP-${i},Imported denim jacket ${i},A jacket from the import,Levi's,good,${(20 + (i % 80)).toFixed(2)},1,1,${i % 16},Clothing > Men > Coats & Jackets,imported|bench`,
      );
    }
    const imported = await timeIt(async () => {
      const preview = await client.request(
        'POST',
        '/api/rest/v1/enterprise/item-import/normalize?fileName=bench.csv',
        {
          headers: { 'content-type': 'text/csv' },
          rawBody: rows.join('\n'),
        },
      );
      if (preview.status !== 200) throw new Error(`import preview failed: ${preview.text}`);
      const importId = preview.body.importId as string;
      const start = await client.post(`/api/rest/v1/enterprise/item-import/${importId}/start`, {});
      if (start.status >= 300) throw new Error(`import start failed: ${start.text}`);
      for (;;) {
        const status = await client.get(`/api/rest/v1/enterprise/item-import/${importId}`);
        if (status.body.status === 'done') return status.body;
        if (status.body.status === 'failed') throw new Error(`import failed: ${status.text}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    add({
      name: 'CSV import of 10,000 rows',
      value: imported.ms / 1000,
      unit: 's',
      target: '< 15 s on Postgres',
    });
  } finally {
    if (server) await stopServer(server.child);
  }
}

/** Enrichment's figures: photos read in this process, no database, so recorded under `none`. */
async function measureEnrichment(): Promise<Figure[]> {
  const figures: Figure[] = [];
  await benchEnrichment((figure) => {
    figures.push({ ...figure, database: 'none' });
    console.log(
      `  ${figure.name.padEnd(70)} ${String(Math.round(figure.value * 10) / 10).padStart(10)} ${figure.unit}`,
    );
  });
  return figures;
}

/** The web app's initial JavaScript, from its production build: no database, under `none`. */
function measureWebBundle(): Figure[] {
  const figures: Figure[] = [];
  benchWebBundle(repoRoot, (figure) => {
    figures.push({ ...figure, database: 'none' });
    console.log(
      `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 10) / 10).padStart(10)} ${figure.unit}`,
    );
  });
  return figures;
}

/** The connectors' figures: no database involved, so recorded under `none`. */
async function measureConnectors(): Promise<Figure[]> {
  const figures: Figure[] = [];
  await benchConnectors((figure) => {
    figures.push({ ...figure, database: 'none' });
    console.log(
      `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
    );
  });
  return figures;
}

/** The background-removal figures: the model alone, no database, so recorded under `none`. */
async function measureBackgroundRemoval(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const models = (process.env.BENCH_BG_MODELS ?? 'small')
    .split(',')
    .map((m) => m.trim())
    .filter((m): m is 'small' | 'medium' => m === 'small' || m === 'medium');
  await benchBackgroundRemoval(
    (figure) => {
      figures.push({ ...figure, database: 'none' });
      console.log(
        `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
      );
    },
    { models },
  );
  return figures;
}

/**
 * The extension's figures, on a scratch database of their own: the demo account's server, not
 * the bench account's 100,000 items.
 */
async function measureExtension(): Promise<Figure[]> {
  await buildExtension();
  const scratch = await scratchDatabase();
  const figures: Figure[] = [];
  let server: { baseUrl: string; child: ChildProcess } | null = null;
  try {
    server = await startServer(scratch.env, { demo: true });
    await benchExtension(server.baseUrl, (figure) => {
      figures.push({ ...figure, database: figure.database ?? scratch.kind });
      console.log(
        `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
      );
    });
  } finally {
    if (server) await stopServer(server.child);
    await scratch.drop();
  }
  return figures;
}

/** The team figure, on a scratch database of its own with only the bench account in it. */
async function measureTeam(): Promise<Figure[]> {
  const scratch = await scratchDatabase();
  const smtp = await startSmtpReceiver();
  const figures: Figure[] = [];
  let server: { baseUrl: string; child: ChildProcess } | null = null;
  try {
    await seed(scratch.env, 0);
    server = await startServer({
      ...scratch.env,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'ListLoop <team@listloop.local>',
    });
    await benchTeam(server.baseUrl, OWNER, smtp, (figure) => {
      figures.push({ ...figure, database: scratch.kind });
      console.log(
        `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
      );
    });
  } finally {
    if (server) await stopServer(server.child);
    await smtp.close();
    await scratch.drop();
  }
  return figures;
}

type Report = (figure: Omit<Figure, 'database'>) => void;

/**
 * One part on a scratch database of its own: `prepare` seeds it, a server starts on it, `bench`
 * measures against that server, and every figure is kept with the database's kind and printed.
 */
async function measureOnServer(
  prepare: (scratch: Awaited<ReturnType<typeof scratchDatabase>>) => Promise<void>,
  bench: (baseUrl: string, report: Report) => Promise<void>,
): Promise<Figure[]> {
  const scratch = await scratchDatabase();
  const figures: Figure[] = [];
  let server: { baseUrl: string; child: ChildProcess } | null = null;
  try {
    await prepare(scratch);
    server = await startServer(scratch.env);
    await bench(server.baseUrl, (figure) => {
      figures.push({ ...figure, database: scratch.kind });
      console.log(
        `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
      );
    });
  } finally {
    if (server) await stopServer(server.child);
    await scratch.drop();
  }
  return figures;
}

/** The dashboard's figures, on a scratch database of its own: 100,000 items and their sales. */
function measureDashboard(): Promise<Figure[]> {
  return measureOnServer(
    async (scratch) => {
      console.log(`ListLoop dashboard bench on ${scratch.kind}: seeding ${ITEMS} items…`);
      await seed(scratch.env, ITEMS);
    },
    (baseUrl, report) => benchDashboard(baseUrl, OWNER, load, report),
  );
}

/** The picking-list figures, on a scratch database of its own with only the bench account. */
function measurePickingList(): Promise<Figure[]> {
  return measureOnServer(
    async (scratch) => {
      await seed(scratch.env, 0);
    },
    (baseUrl, report) => benchPickingList(baseUrl, OWNER, report),
  );
}

/** The AI helper's figures, on a scratch database of their own with only the bench account. */
function measureAi(): Promise<Figure[]> {
  return measureOnServer(
    async (scratch) => {
      await seed(scratch.env, 0);
    },
    (baseUrl, report) => benchAi(baseUrl, OWNER, report),
  );
}

/** The analytics figures, on a scratch database of their own with the bench shop's sales. */
function measureAnalytics(): Promise<Figure[]> {
  return measureOnServer(
    async (scratch) => {
      console.log(`Analytics on ${scratch.kind}: seeding the shop…`);
      const seeded = await seedAnalytics(scratch.env, OWNER);
      console.log(`  seeded in ${(seeded / 1000).toFixed(1)} s`);
    },
    (baseUrl, report) => benchAnalytics(baseUrl, OWNER, report),
  );
}

/**
 * The reports figures, on a scratch database of their own holding the bench account's items: the
 * report job runs in this process (a worker's), so its memory is this process's to sample.
 */
async function measureReports(): Promise<Figure[]> {
  const scratch = await scratchDatabase();
  const figures: Figure[] = [];
  try {
    console.log(`Reports on ${scratch.kind}: seeding ${ITEMS.toLocaleString('en-US')} items…`);
    await seed(scratch.env, ITEMS);
    const container = await createContainer(
      loadConfig(
        { ...scratch.env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' },
        [],
      ),
      {
        logger: pino({ level: 'silent' }),
        queue: { pollingIntervalSeconds: 0.5, schedule: false },
      },
    );
    try {
      await container.queue.start();
      await benchReports(container, OWNER, ITEMS, (figure) => {
        figures.push({ ...figure, database: scratch.kind });
        console.log(
          `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
        );
      });
    } finally {
      await container.close();
    }
  } finally {
    await scratch.drop();
  }
  return figures;
}

/** The search figures, on a scratch database of their own (bench/search.ts). */
function measureSearch(): Promise<Figure[]> {
  let count = 0;
  let sqlP50 = new Map<string, number>();
  const early: Parameters<Report>[0][] = [];
  return measureOnServer(
    async (scratch) => {
      count = searchItems(scratch.kind);
      console.log(`Search on ${scratch.kind}: seeding ${count.toLocaleString('en-US')} items…`);
      sqlP50 = await prepareSearch(scratch.env, OWNER, count, (figure) => early.push(figure));
    },
    async (baseUrl, report) => {
      for (const figure of early) report(figure);
      await benchSearch(baseUrl, OWNER, count, sqlP50, report);
    },
  );
}

/**
 * A Postgres-only part on a scratch database of its own (several processes share it); on
 * PGlite it is skipped with a word why.
 */
async function measureOnPostgres(
  part: string,
  bench: (env: Record<string, string>, report: Report) => Promise<void>,
): Promise<Figure[]> {
  if (!process.env.BENCH_DATABASE_URL) {
    console.log(
      `${part}: skipped, it needs Postgres (BENCH_DATABASE_URL): PGlite serves one process`,
    );
    return [];
  }
  const scratch = await scratchDatabase();
  const figures: Figure[] = [];
  try {
    await bench(scratch.env, (figure) => {
      figures.push({ ...figure, database: scratch.kind });
      console.log(
        `  ${figure.name.padEnd(50)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
      );
    });
  } finally {
    await scratch.drop();
  }
  return figures;
}

async function main() {
  const figures: Figure[] = [];
  const databases = new Set<string>();
  if (['inventory', 'listings', 'sales', 'webhook-flood'].some((part) => PARTS.has(part))) {
    const scratch = await scratchDatabase();
    figures.push(...(await measure(scratch)));
    databases.add(scratch.kind);
  }
  if (PARTS.has('connectors')) {
    figures.push(...(await measureConnectors()));
    databases.add('none');
  }
  if (PARTS.has('extension')) {
    const measured = await measureExtension();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('team')) {
    const measured = await measureTeam();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('dashboard')) {
    const measured = await measureDashboard();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('picking-list')) {
    const measured = await measurePickingList();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('analytics')) {
    const measured = await measureAnalytics();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('reports')) {
    const measured = await measureReports();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('ai')) {
    const measured = await measureAi();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }

  if (PARTS.has('search')) {
    const measured = await measureSearch();
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }

  if (PARTS.has('wake-up')) {
    const measured = await measureOnPostgres('wake-up', (env, report) =>
      benchWakeUp(env.DATABASE_URL!, report),
    );
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }
  if (PARTS.has('split')) {
    const measured = await measureOnPostgres('split', (env, report) =>
      benchSplit(env, OWNER, report),
    );
    figures.push(...measured);
    for (const figure of measured) databases.add(figure.database);
  }

  if (PARTS.has('background-removal')) {
    figures.push(...(await measureBackgroundRemoval()));
  }

  if (PARTS.has('enrichment')) {
    figures.push(...(await measureEnrichment()));
    databases.add('none');
  }

  if (PARTS.has('web')) {
    figures.push(...measureWebBundle());
    databases.add('none');
  }

  const file = path.join(repoRoot, 'bench/results.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const previous = await fs.readFile(file, 'utf8').then(
    (text) => JSON.parse(text) as Figure[],
    () => [] as Figure[],
  );
  // A figure measured now replaces its earlier value of the same name and database; the others
  // (another database, a part not run this time) are kept.
  const kept = previous.filter(
    (f) => !figures.some((n) => n.name === f.name && n.database === f.database),
  );
  await fs.writeFile(file, `${JSON.stringify([...kept, ...figures], null, 2)}\n`);
  console.log(
    `\nWrote ${figures.length} figures for ${[...databases].join(', ')} to ${path.relative(process.cwd(), file)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
