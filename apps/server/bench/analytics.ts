/**
 * The analytics screen's figures (decision 0049): the time its routes take over an inventory of
 * 100,000 items, 20,000 of them sold in the last year, measured over HTTP against the real
 * server, one request at a time (what a seller opening the screen waits for). p50 and p95 per
 * query the screen makes, and for the screen as it loads (the period's profit and the aging,
 * side by side). Run by bench/run.ts as part `analytics`, on a scratch database of its own.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { createContainer } from '../src/container';
import { loadConfig } from '../src/platform/config';
import { TestClient } from '../test/client';
import { seedBenchItems } from './seed-items';
import { percentile } from './timing';

export const ANALYTICS_ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
export const ANALYTICS_SALES = Number(process.env.BENCH_ANALYTICS_SALES ?? 20_000);
/** Requests per measured query, one after another, after five to warm up. */
const REPEATS = Number(process.env.BENCH_ANALYTICS_REPEATS ?? 60);
const DAY_MS = 24 * 60 * 60 * 1000;

/** Where the benchmark's sales happened, in turn; in_person has no fee. */
const CHANNELS = ['ebay', 'poshmark', 'mercari', 'depop', 'etsy', 'shopify', 'vinted', 'in_person'];
/** Where the unsold items are listed, one or two each. */
const LISTED_ON = ['ebay', 'poshmark', 'mercari', 'depop', 'etsy'];

/**
 * A shop after two years: the bench items spread over 730 days of creation, most with a cost of
 * goods, the unsold ones live on one or two marketplaces; one item in five sold once in the last
 * 364 days (between 1 and 150 days after it was made) on one of eight channels, some with the
 * fee the marketplace reported, about one in a hundred in Canadian dollars and one in two
 * hundred a double sale.
 */
async function seedShop(
  db: Awaited<ReturnType<typeof createContainer>>['database'],
  owner: { accountId: string; userId: string },
): Promise<void> {
  const now = Date.now();
  await seedBenchItems(db, owner, ANALYTICS_ITEMS);
  const channels = sql.raw(`ARRAY[${CHANNELS.map((c) => `'${c}'`).join(',')}]`);
  const listedOn = sql.raw(`ARRAY[${LISTED_ON.map((c) => `'${c}'`).join(',')}]`);
  await db.db.execute(sql`
    UPDATE items SET
      date_created = ${now}::bigint - ((n * 7919) % 730)::bigint * ${DAY_MS}::bigint - (n % 86400)::bigint * 1000,
      general_details = jsonb_set(general_details, '{costOfGoods}',
        CASE WHEN n % 7 = 3 THEN 'null'::jsonb
             ELSE to_jsonb(round((general_details->>'price')::numeric * 0.3, 2)) END),
      listings = jsonb_build_object((${listedOn})[1 + n % 5], jsonb_build_object('status', 'listed'))
        || CASE WHEN n % 3 = 0
             THEN jsonb_build_object((${listedOn})[1 + (n + 2) % 5], jsonb_build_object('status', 'listed'))
             ELSE '{}'::jsonb END
    FROM (SELECT id AS item_id, substr(id, 6)::int AS n FROM items WHERE account_id = ${owner.accountId}) numbered
    WHERE items.id = numbered.item_id`);
  await db.db.execute(sql`
    INSERT INTO sale_events (id, account_id, user_id, item_id, marketplace, external_order_id, kind,
      source, quantity, quantity_left, sale_price_cents, currency, fees_cents, sold_at, detected_at)
    SELECT
      'benchanalyticssale' || lpad(g::text, 10, '0'),
      ${owner.accountId},
      ${owner.userId},
      'bench' || lpad((g * 5)::text, 19, '0'),
      channel,
      'bench-order-' || g,
      (CASE WHEN g % 200 = 0 THEN 'double_sale' ELSE 'sale' END)::sale_event_kind,
      'poll'::sale_source,
      1,
      0,
      price,
      CASE WHEN g % 97 = 0 THEN 'CAD' ELSE 'USD' END,
      CASE WHEN channel IN ('ebay', 'etsy') AND g % 3 = 0 THEN round(price * 0.13)::int END,
      sold_at,
      sold_at
    FROM generate_series(1, ${ANALYTICS_SALES}::int) AS g,
    LATERAL (
      SELECT
        (${channels})[1 + g % 8] AS channel,
        (500 + (g * 37) % 50000)::int AS price,
        to_timestamp((${now}::bigint - (g % 364)::bigint * ${DAY_MS}::bigint - ((g * 13) % 86400)::bigint * 1000) / 1000.0) AS sold_at
    ) AS sale`);
  // The items that sold: made 1 to 150 days before, none left, sold where they sold.
  await db.db.execute(sql`
    UPDATE items SET
      date_created = (extract(epoch FROM s.sold_at) * 1000)::bigint - ((1 + (s.n * 31) % 150)::bigint * ${DAY_MS}::bigint),
      general_details = jsonb_set(general_details, '{quantity}', '0'::jsonb),
      listings = CASE WHEN s.marketplace = 'in_person' THEN '{}'::jsonb
                      ELSE jsonb_build_object(s.marketplace, jsonb_build_object('status', 'sold')) END
    FROM (
      SELECT item_id, marketplace, sold_at, substr(item_id, 6)::int AS n
      FROM sale_events WHERE account_id = ${owner.accountId} AND kind = 'sale'
    ) s
    WHERE items.id = s.item_id`);
  // The updates above left a dead row for each live one: clear them as autovacuum would.
  await db.db.execute(sql`VACUUM (ANALYZE) items`);
  await db.db.execute(sql`VACUUM (ANALYZE) sale_events`);
}

/** The bench account and its shop, before the server starts. */
export async function seedAnalytics(
  env: Record<string, string>,
  owner: { email: string; password: string },
): Promise<number> {
  const container = await createContainer(
    loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' }, []),
    { logger: pino({ level: 'silent' }) },
  );
  try {
    const created = await container.services.accounts.createWithOwner({
      companyName: 'Bench Boutique',
      owner: { ...owner, firstName: 'Bea', lastName: 'Bench' },
    });
    const started = performance.now();
    await seedShop(container.database, {
      accountId: created.account.accountId,
      userId: created.userId,
    });
    return performance.now() - started;
  } finally {
    await container.close();
  }
}

/** The seller's zone, in which the periods' days are counted. */
const TIME_ZONE = 'Europe/Rome';

/** A day in the seller's zone (YYYY-MM-DD). */
function isoDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(ms);
}

export async function benchAnalytics(
  baseUrl: string,
  owner: { email: string; password: string },
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
) {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', owner);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  const now = Date.now();
  const today = isoDay(now);
  const period = (from: string) => `from=${from}&to=${today}&timeZone=${TIME_ZONE}`;
  const profit = (query: string) => `/api/analytics/profit?${query}`;
  const queries: [string, string][] = [
    ['profit, last 30 days by day', profit(period(isoDay(now - 29 * DAY_MS)))],
    ['profit, last 90 days by week', profit(period(isoDay(now - 89 * DAY_MS)))],
    ['profit, last 365 days by week (all sales)', profit(period(isoDay(now - 364 * DAY_MS)))],
    [
      'profit, last 365 days, eBay only',
      profit(`${period(isoDay(now - 364 * DAY_MS))}&marketplace=ebay`),
    ],
    ['inventory aging (100,000 items)', '/api/analytics/inventory-aging'],
    [
      'profit CSV, last 365 days',
      `/api/analytics/profit/export?${period(isoDay(now - 364 * DAY_MS))}`,
    ],
  ];

  const timed = async (path: string): Promise<number> => {
    const started = performance.now();
    const response = await client.get(path);
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${response.text}`);
    return ms;
  };

  // The figures must be the shop's: every sale counted, in a year of it.
  const year = await client.get(profit(period(isoDay(now - 364 * DAY_MS))));
  const counted = (year.body.total.sales as number) + (year.body.total.doubleSales as number);
  if (counted !== ANALYTICS_SALES) {
    throw new Error(`the year counts ${counted} sales of ${ANALYTICS_SALES}`);
  }
  console.log(
    `Analytics: ${ANALYTICS_ITEMS.toLocaleString('en-US')} items, ${ANALYTICS_SALES.toLocaleString('en-US')} sales; ${REPEATS} requests per query…`,
  );

  for (const [name, path] of queries) {
    for (let i = 0; i < 5; i += 1) await timed(path);
    const times: number[] = [];
    for (let i = 0; i < REPEATS; i += 1) times.push(await timed(path));
    times.sort((a, b) => a - b);
    add({ name: `analytics ${name} p50`, value: percentile(times, 50), unit: 'ms' });
    add({ name: `analytics ${name} p95`, value: percentile(times, 95), unit: 'ms' });
  }

  // The screen as it opens on "last 30 days": its two reads side by side.
  const screen: number[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const started = performance.now();
    await Promise.all([timed(queries[0]![1]), timed('/api/analytics/inventory-aging')]);
    screen.push(performance.now() - started);
  }
  screen.sort((a, b) => a - b);
  add({
    name: 'analytics screen load (profit + aging) p50',
    value: percentile(screen, 50),
    unit: 'ms',
  });
  add({
    name: 'analytics screen load (profit + aging) p95',
    value: percentile(screen, 95),
    unit: 'ms',
    target: '< 500 ms on Postgres',
  });
}
