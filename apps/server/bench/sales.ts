/**
 * Sale detection's figures: sale-to-delist latency (from the Shopify webhook request leaving the
 * benchmark to the delist call of every other marketplace reaching its stand-in emulator) of
 * items listed on five marketplaces, at 10 sales a second (500 sales) and, on Postgres, at 100
 * a second (1,000 sales); and the webhook intake rate with and without duplicate deliveries.
 * Run by bench/run.ts against bench/sales-server.ts.
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { LoadFailures } from './load-failures';
import { sql } from 'drizzle-orm';
import type { MarketplaceId } from '@listloop/domain';
import type { Container } from '../src/container';
import { percentile } from './timing';

/** Where the benchmark's items sell (by a signed orders/create webhook). */
export const SALES_SELLING_MARKETPLACE = 'shopify';
/** The four other marketplaces each item is listed on (API connectors: the server delists). */
export const SALES_OTHER_MARKETPLACES = [
  'ebay',
  'etsy',
  'whatnot',
  'sellwild',
] as const satisfies readonly MarketplaceId[];
export const SALES_SHOP = 'bench-boutique.myshopify.com';
export const SALES_SECRET = 'bench-shopify-client-secret';
/**
 * The runs: a busy day's burst (10 a second, well above a real shop's rate), then a hosted
 * service's peak across its sellers (100 a second), on Postgres only: the embedded database
 * serves one seller. Each run sells its own items.
 */
const SALE_RUNS = [
  { sales: Number(process.env.BENCH_SALES ?? 500), perSecond: 10, postgresOnly: false },
  { sales: Number(process.env.BENCH_FAST_SALES ?? 1000), perSecond: 100, postgresOnly: true },
] as const;
/**
 * Sales sent at 10 a second before the measured runs, and not counted: a server's first
 * requests compile the code they run and prepare their statements (the first handful took
 * 150–270 ms where the rest took 40), which a server in service did long before.
 */
const WARM_UP_SALES = 30;
/** Every item a run may sell (and the warm-up's), seeded whichever runs the database takes. */
export const SALES = SALE_RUNS.reduce((sum, run) => sum + run.sales, 0) + WARM_UP_SALES;
/** Items the intake figures sell from, with plenty of units each. */
const INTAKE_ITEMS = 200;

export const productGid = (n: number) => `gid://shopify/Product/${9_000_000 + n}`;
const intakeGid = (n: number) => `gid://shopify/Product/${8_000_000 + n}`;

/** The id of the n-th item seeded for sale (`benchsale…`). */
export const saleItemId = (n: number) => `benchsale${String(n).padStart(15, '0')}`;

/**
 * Writes the benchmark's items straight into the scratch database: `count` (SALES) items of one
 * unit live on the five marketplaces, INTAKE_ITEMS items of 1,000,000 units live on Shopify
 * only, and the account's Shopify connection for the shop the webhooks name.
 */
export async function seedSales(
  container: Container,
  owner: { accountId: string; userId: string },
  count: number = SALES,
): Promise<void> {
  await container.database.db.execute(sql`
    INSERT INTO marketplace_connections (id, account_id, marketplace, nickname, status, external_account_id)
    VALUES ('benchshopifyconnection01', ${owner.accountId}, 'shopify', 'Bench store', 'connected', ${SALES_SHOP})
  `);
  const now = Date.now();
  const listed = (listedID: string) => ({
    status: 'listed',
    listedID,
    listingURL: null,
    lastStatusDate: now,
    dateCreated: now,
    dateLastModified: now,
  });
  const rows: { id: string; quantity: number; listings: Record<string, unknown> }[] = [];
  for (let n = 0; n < count; n += 1) {
    const listings: Record<string, unknown> = {
      [SALES_SELLING_MARKETPLACE]: listed(productGid(n)),
    };
    for (const marketplace of SALES_OTHER_MARKETPLACES) {
      listings[marketplace] = listed(`${marketplace.toUpperCase()}-${n}`);
    }
    rows.push({ id: saleItemId(n), quantity: 1, listings });
  }
  for (let n = 0; n < INTAKE_ITEMS; n += 1) {
    rows.push({
      id: `benchintake${String(n).padStart(13, '0')}`,
      quantity: 1_000_000,
      listings: { [SALES_SELLING_MARKETPLACE]: listed(intakeGid(n)) },
    });
  }
  for (let start = 0; start < rows.length; start += 500) {
    await container.repositories.items.insertMany(
      rows.slice(start, start + 500).map((row) => ({
        id: row.id,
        accountId: owner.accountId,
        userId: owner.userId,
        status: 'complete' as const,
        dateCreated: now,
        dateLastModified: now,
        labels: [],
        generalDetails: {
          images: [],
          title: `Bench sale ${row.id}`,
          description: '',
          brand: '',
          condition: 'good' as const,
          price: 40,
          primaryColor: null,
          category: null,
          categoryV2: null,
          weight: { pounds: 0, ounces: 0 },
          dimensions: null,
          sku: row.id,
          quantity: row.quantity,
          costOfGoods: null,
          size: '',
          notes: '',
          location: '',
        },
        listings: row.listings as never,
        variants: [],
      })),
    );
  }
}

/**
 * VACUUM ANALYZE of the Postgres database at `url`, beside the servers using it: what
 * autovacuum has done to a database in service (statistics kept, GIN pending lists merged),
 * which a scratch database taking its first sales has not (decisions 0070, 0071).
 */
export async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

/** An orders/create delivery as Shopify signs it. */
export function orderWebhook(options: { order: number; product: string; webhookId: string }) {
  const body = JSON.stringify({
    id: options.order,
    admin_graphql_api_id: `gid://shopify/Order/${options.order}`,
    name: `#${options.order}`,
    created_at: new Date().toISOString(),
    currency: 'USD',
    line_items: [
      {
        id: options.order * 10,
        product_id: Number(options.product.split('/').pop()),
        variant_id: options.order * 10 + 1,
        sku: null,
        quantity: 1,
        price: '40.00',
      },
    ],
  });
  const headers = {
    'content-type': 'application/json',
    'x-shopify-topic': 'orders/create',
    'x-shopify-hmac-sha256': crypto
      .createHmac('sha256', SALES_SECRET)
      .update(body)
      .digest('base64'),
    'x-shopify-shop-domain': SALES_SHOP,
    'x-shopify-api-version': '2025-07',
    'x-shopify-webhook-id': options.webhookId,
    'x-shopify-event-id': crypto.randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
  };
  return { body, headers };
}

export async function benchSales(
  baseUrl: string,
  database: 'postgres' | 'pglite',
  delists: Map<string, Map<string, number>>,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
  /**
   * Run after the warm-up, before the measured runs: on Postgres, VACUUM ANALYZE of the
   * scratch database, so it is as autovacuum keeps a database in service.
   */
  afterWarmUp?: () => Promise<void>,
): Promise<void> {
  console.log(`Sale detection: warming up with ${WARM_UP_SALES} sales at 10/s (not counted)…`);
  await sellAtPace({
    apiOf: () => baseUrl,
    first: SALES - WARM_UP_SALES,
    count: WARM_UP_SALES,
    perSecond: 10,
    delists,
    waitMs: 120_000,
  });
  await afterWarmUp?.();
  let first = 0;
  for (const run of SALE_RUNS) {
    const items = first;
    first += run.sales;
    if (run.postgresOnly && database !== 'postgres') continue;
    const latencies = await saleRun(baseUrl, delists, { ...run, first: items });
    const label = `${run.sales} sales at ${run.perSecond}/s, 5 marketplaces`;
    for (const p of [50, 95, 99] as const) {
      const target =
        p !== 99
          ? undefined
          : run.perSecond === 100
            ? '< 1,000 ms on Postgres'
            : '< 100 ms on Postgres, < 250 ms on PGlite';
      add({
        name: `sale → every other delist p${p} (${label})`,
        value: percentile(latencies, p),
        unit: 'ms',
        ...(target ? { target } : {}),
      });
    }
  }

  for (const duplicates of [false, true]) {
    let sequence = 0;
    let current = orderWebhook({ order: 1, product: intakeGid(0), webhookId: 'x' });
    const failures = new LoadFailures();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: `${baseUrl}/webhook/shopify`,
          method: 'POST',
          connections: 20,
          duration: Number(process.env.BENCH_SECONDS ?? 10),
          requests: failures.watch([
            {
              setupRequest: (request) => {
                // With duplicates, every delivery is sent five times (Shopify's at-least-once).
                if (!duplicates || sequence % 5 === 0) {
                  const n = sequence;
                  current = orderWebhook({
                    order: (duplicates ? 20_000_000 : 10_000_000) + n,
                    product: intakeGid(n % INTAKE_ITEMS),
                    webhookId: crypto.randomUUID(),
                  });
                }
                sequence += 1;
                return { ...request, headers: current.headers, body: current.body };
              },
            },
          ]),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
      failures.follow(instance);
    });
    if (result.non2xx + result.errors > 0) {
      throw new Error(`webhook intake: ${failures.describe(result)}`);
    }
    add({
      name: duplicates
        ? 'webhook intake, each delivered 5 times (deliveries/s)'
        : 'webhook intake, every delivery new (events/s)',
      value: result.requests.average,
      unit: 'req/s',
      ...(duplicates ? {} : { target: '≥ 200/s on Postgres' }),
    });
  }
}

/**
 * Sends `sales` orders/create webhooks at `perSecond` for the items from `first` on, waits for
 * every other marketplace's delist of each, and answers each sale's latency to its last delist,
 * sorted.
 */
async function saleRun(
  baseUrl: string,
  delists: Map<string, Map<string, number>>,
  run: { first: number; sales: number; perSecond: number },
): Promise<number[]> {
  console.log(
    `Sale detection: ${run.sales} sales at ${run.perSecond}/s, each delisted on ${SALES_OTHER_MARKETPLACES.length} marketplaces…`,
  );
  const { lastDelists } = await sellAtPace({
    apiOf: () => baseUrl,
    first: run.first,
    count: run.sales,
    perSecond: run.perSecond,
    delists,
    // Two minutes past the last send: a run that falls behind is measured, not cut short.
    waitMs: 120_000,
  });
  return lastDelists.map(({ sentAt, last }) => last - sentAt).sort((a, b) => a - b);
}

/**
 * Sells items first…first+count-1 at `perSecond` by Shopify orders/create webhooks, the n-th
 * through `apiOf(n)`, and waits up to `waitMs` past the last send until every other marketplace
 * has delisted each (`delists`, filled by the emulators). Answers when the first sale was sent,
 * and each sale's send time and last delist.
 */
export async function sellAtPace(options: {
  apiOf: (n: number) => string;
  first: number;
  count: number;
  perSecond: number;
  delists: Map<string, Map<string, number>>;
  waitMs: number;
}): Promise<{ started: number; lastDelists: { sentAt: number; last: number }[] }> {
  const { first, count, perSecond, delists } = options;
  const sentAt = new Map<string, number>();
  const answered: number[] = [];
  const sends: Promise<void>[] = [];
  const gap = 1000 / perSecond;
  const started = Date.now();
  for (let k = 0; k < count; k += 1) {
    const n = first + k;
    const wait = started + k * gap - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const { body, headers } = orderWebhook({
      order: 5_000_000 + n,
      product: productGid(n),
      webhookId: crypto.randomUUID(),
    });
    const sent = Date.now();
    sentAt.set(saleItemId(n), sent);
    sends.push(
      fetch(`${options.apiOf(n)}/webhook/shopify`, { method: 'POST', headers, body }).then(
        async (response) => {
          if (!response.ok) throw new Error(`webhook ${response.status}: ${await response.text()}`);
          await response.arrayBuffer();
          answered.push(Date.now() - sent);
        },
      ),
    );
  }
  // How far the benchmark itself kept to its pace, and how long the server took to answer: a
  // sale is recorded before its webhook is answered, so a slow answer is a slow intake.
  const lastSent = Date.now() - started;
  await Promise.all(sends);
  answered.sort((a, b) => a - b);
  console.log(
    `  ${count} webhooks at ${perSecond}/s: the last sent after ${lastSent} ms (${Math.round((count - 1) * gap)} planned); answered p50 ${percentile(answered, 50)} ms, p99 ${percentile(answered, 99)} ms`,
  );
  const deadline = Date.now() + options.waitMs;
  const missing = () =>
    [...sentAt.keys()].filter(
      (id) => (delists.get(id)?.size ?? 0) < SALES_OTHER_MARKETPLACES.length,
    );
  for (let left = missing(); left.length > 0; left = missing()) {
    if (Date.now() > deadline) {
      throw new Error(
        `${left.length} of ${count} sales at ${perSecond}/s were not delisted everywhere within ${options.waitMs / 60_000} minutes of the last sale (first: ${left[0]})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    started,
    lastDelists: [...sentAt.entries()].map(([id, at]) => ({
      sentAt: at,
      last: Math.max(...delists.get(id)!.values()),
    })),
  };
}
