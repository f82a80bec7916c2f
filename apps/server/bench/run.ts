/**
 * `npm run bench`: measures the inventory on 100,000 items over HTTP against the real server.
 * Postgres when BENCH_DATABASE_URL is set (a scratch database is created on that server and
 * dropped afterwards), else PGlite. Results go to bench/results.json (one object per figure)
 * and a table on stdout. Not a test: nothing here passes or fails.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { createAccount, PASSWORD } from '../test/fixtures';
import { TestClient } from '../test/client';
import { startTestServer, type TestServer } from '../test/server';
import { seedBenchItems } from './seed-items';

interface Figure {
  name: string;
  value: number;
  unit: string;
  database: string;
  target?: string;
}

const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const repoRoot = path.resolve(import.meta.dirname, '../../..');

interface LoadResult {
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  failed: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * autocannon at 50 connections for DURATION seconds. Every response time is kept, so the
 * percentiles are exact (autocannon's summary has p97.5 but no p95).
 */
async function load(
  server: TestServer,
  cookie: string,
  options: Partial<autocannon.Options>,
): Promise<LoadResult> {
  const times: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: server.baseUrl,
        connections: CONNECTIONS,
        duration: DURATION,
        headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
        ...options,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    perSecond: result.requests.average,
    failed: result.non2xx + result.errors,
  };
}

async function timeIt<T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = databaseUrl ? 'postgres' : 'pglite';
  const server = await startTestServer({
    database: databaseUrl ? { kind: 'postgres', adminUrl: databaseUrl } : { kind: 'pglite' },
    env: { LOGIN_MAX_PER_IP: '100000', LOGIN_MAX_PER_EMAIL: '100000' },
  });
  const figures: Figure[] = [];
  const add = (figure: Omit<Figure, 'database'>) => {
    figures.push({ ...figure, database });
    console.log(
      `  ${figure.name.padEnd(44)} ${String(Math.round(figure.value * 100) / 100).padStart(10)} ${figure.unit}`,
    );
  };

  try {
    const owner = await createAccount(server, { companyName: 'Bench Boutique' });
    const client = new TestClient(server.baseUrl);
    const login = await client.post('/api/rest/v1/auth/session_login', {
      email: owner.email,
      password: PASSWORD,
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
    const cookie = client.cookieHeader;

    console.log(`ListLoop bench on ${database}: seeding ${ITEMS.toLocaleString('en-US')} items…`);
    const seeded = await timeIt(() => seedBenchItems(server, owner, ITEMS));
    add({ name: 'seed items (SQL, not a product figure)', value: seeded.ms / 1000, unit: 's' });
    await server.container.database.db.execute(sql`ANALYZE items`);

    for (const [name, query] of [
      ['inventory list page (50 items)', '/api/account/item?limit=50'],
      ['inventory search page (50 items, "denim")', '/api/account/item?limit=50&q=denim'],
    ] as const) {
      const result = await load(server, cookie, { url: server.baseUrl + query, method: 'GET' });
      if (result.failed > 0) throw new Error(`${name}: ${result.failed} failed requests`);
      add({ name: `${name} p50`, value: result.p50, unit: 'ms' });
      add({ name: `${name} p95`, value: result.p95, unit: 'ms', target: '< 50 ms on Postgres' });
      add({ name: `${name} p99`, value: result.p99, unit: 'ms' });
      add({ name: `${name} throughput`, value: result.perSecond, unit: 'req/s' });
    }

    let sequence = 0;
    const create = await load(server, cookie, {
      url: `${server.baseUrl}/api/account/item`,
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
    if (create.failed > 0) throw new Error(`item create: ${create.failed} failed requests`);
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
      const response = await new TestClient(server.baseUrl).request(
        'GET',
        `/api/account/item?limit=200&sort=dateCreated:asc${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        {
          headers: { cookie },
        },
      );
      ids.push(...(response.body.items as { itemID: string }[]).map((i) => i.itemID));
      cursor = response.body.nextCursor;
      if (!cursor) break;
    }
    const bulk = await timeIt(() =>
      new TestClient(server.baseUrl).request(
        'PATCH',
        `/api/account/item/${owner.userId}/bulk-items`,
        {
          headers: { cookie, origin: server.baseUrl },
          body: { itemIds: ids.slice(0, 1000), changes: { price: 42, addLabels: ['bulk-edited'] } },
        },
      ),
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
    const csv = rows.join('\n');
    const imported = await timeIt(async () => {
      const preview = await new TestClient(server.baseUrl).request(
        'POST',
        '/api/rest/v1/enterprise/item-import/normalize?fileName=bench.csv',
        {
          headers: { cookie, origin: server.baseUrl, 'content-type': 'text/csv' },
          rawBody: csv,
        },
      );
      if (preview.status !== 200) throw new Error(`import preview failed: ${preview.text}`);
      const importId = preview.body.importId as string;
      const start = await new TestClient(server.baseUrl).request(
        'POST',
        `/api/rest/v1/enterprise/item-import/${importId}/start`,
        {
          headers: { cookie, origin: server.baseUrl },
          body: {},
        },
      );
      if (start.status >= 300) throw new Error(`import start failed: ${start.text}`);
      for (;;) {
        const status = await new TestClient(server.baseUrl).request(
          'GET',
          `/api/rest/v1/enterprise/item-import/${importId}`,
          { headers: { cookie } },
        );
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
    await server.close();
  }

  const file = path.join(repoRoot, 'bench/results.json');
  await fs.mkdir(path.dirname(file), { recursive: true });
  const previous = await fs.readFile(file, 'utf8').then(
    (t) => JSON.parse(t) as Figure[],
    () => [] as Figure[],
  );
  const kept = previous.filter((f) => f.database !== database);
  await fs.writeFile(file, `${JSON.stringify([...kept, ...figures], null, 2)}\n`);
  console.log(
    `\nWrote ${figures.length} figures for ${database} to ${path.relative(process.cwd(), file)}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
