/**
 * The inventory search figures: GET /api/account/item?limit=50&q=… over one inventory of
 * BENCH_SEARCH_ITEMS items (1,000,000 on Postgres, 100,000 on PGlite by default), one request at
 * a time, for each kind of term a person types: a word most items share, a mid one, a rare one,
 * two words, a word nothing has, two common words no item has together, and a SKU fragment;
 * the default order and the price and title ones. Next to each, the same page and count read
 * through the repository alone (the SQL the route runs, no HTTP), for the ratio API/SQL. Run by
 * bench/run.ts (part `search`) on its own scratch database.
 *
 * The items' words follow shop-like frequencies (a few kinds and brands are most of the
 * inventory, some are rare), so the terms' shares below hold at any size.
 */
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ITEM_COUNT_CAP, type ItemSort } from '@listloop/domain';
import { createContainer } from '../src/container';
import { loadConfig } from '../src/platform/config';
import type { Database } from '../src/platform/db/database';
import { ItemRepository, searchTextSql } from '../src/modules/items/item.repository';
import { searchTerms } from '../src/modules/items/item.service';
import { TestClient } from '../test/client';
import { percentile, timed } from './timing';

export interface SearchQuery {
  name: string;
  q: string;
  sort: ItemSort;
}

/** The terms measured, with their share of the seeded inventory. */
export const SEARCH_QUERIES: SearchQuery[] = [
  { name: 'common word "denim" (~10.5%)', q: 'denim', sort: 'dateCreated:desc' },
  { name: 'mid word "pendleton" (~1.5%)', q: 'pendleton', sort: 'dateCreated:desc' },
  { name: 'rare word "barbour" (0.05%)', q: 'barbour', sort: 'dateCreated:desc' },
  { name: 'two words "black denim" (~0.9%)', q: 'black denim', sort: 'dateCreated:desc' },
  { name: 'no match "zebra"', q: 'zebra', sort: 'dateCreated:desc' },
  {
    name: 'two common words, never together "denim boots"',
    q: 'denim boots',
    sort: 'dateCreated:desc',
  },
  { name: 'SKU fragment "sku-00123" (100 items)', q: 'sku-00123', sort: 'dateCreated:desc' },
  { name: 'common word "denim", by price', q: 'denim', sort: 'price:asc' },
  { name: 'common word "denim", by title', q: 'denim', sort: 'title:asc' },
  { name: 'rare word "barbour", by price', q: 'barbour', sort: 'price:asc' },
  { name: 'two words "black denim", by title', q: 'black denim', sort: 'title:desc' },
];

const REQUESTS = Number(process.env.BENCH_SEARCH_REQUESTS ?? 200);

/** How many items the inventory searched holds: BENCH_SEARCH_ITEMS, else by database. */
export function searchItems(database: 'postgres' | 'pglite'): number {
  const chosen = process.env.BENCH_SEARCH_ITEMS;
  if (chosen) return Number(chosen);
  return database === 'postgres' ? 1_000_000 : 100_000;
}

/** `word:weight` lists (weights per thousand) as an SQL array with each word repeated. */
function weighted(words: [string, number][]): string {
  const total = words.reduce((sum, [, weight]) => sum + weight, 0);
  if (total !== 1000) throw new Error(`weights add up to ${total}, not 1000`);
  return `ARRAY[${words
    .flatMap(([word, weight]) =>
      Array.from({ length: weight }, () => `'${word.replace(/'/g, "''")}'`),
    )
    .join(',')}]`;
}

const KINDS = weighted([
  ['Denim Jacket', 55],
  ['Denim Jeans', 50],
  ['T-Shirt', 110],
  ['Sweater', 90],
  ['Dress', 90],
  ['Sneakers', 80],
  ['Boots', 70],
  ['Flannel Shirt', 60],
  ['Hoodie', 60],
  ['Leather Handbag', 55],
  ['Skirt', 50],
  ['Wool Coat', 45],
  ['Silk Scarf', 40],
  ['Blazer', 35],
  ['Cardigan', 30],
  ['Film Camera', 20],
  ['Wristwatch', 20],
  ['Belt', 20],
  ['Vase', 10],
  ['Vinyl Record', 10],
]);

const BRANDS = weighted([
  ['Nike', 140],
  ["Levi's", 120],
  ['Zara', 100],
  ['H&M', 90],
  ['Carhartt', 70],
  ['Patagonia', 60],
  ['Ralph Lauren', 60],
  ['Coach', 50],
  ['Dr. Martens', 45],
  ['Wrangler', 45],
  ['Adidas', 40],
  ['Gap', 35],
  ['Lululemon', 30],
  ['Pendleton', 15],
  ['Fossil', 20],
  ['Canon', 10],
  ['Burberry', 10],
  ['Free People', 25],
  ['Madewell', 25],
  ['J.Crew', 10],
]);

const COLOURS = `ARRAY['Black','White','Blue','Red','Green','Grey','Navy','Brown','Beige','Pink','Olive','Burgundy']`;
const ERAS = `ARRAY['Vintage','Retro','Y2K','90s']`;
const SENTENCES = `ARRAY['Gently worn, no stains or holes.','Excellent pre-owned condition.','Minor signs of wear, see photos.','From a smoke-free home.','100% cotton.','Soft wool blend.','Genuine leather.','Ships within one business day.','Measurements in the photos.','Bundle to save on shipping.','True to size.','Lightly faded from washing.']`;

/**
 * `count` items of one inventory in set-based INSERTs of 50,000, the newest first (created a
 * minute apart), with the list's indexes built once afterwards rather than kept up row by row
 * (the indexes are the schema's own, read back from the catalogue). Words are drawn by a hash
 * of the item's number, so the same count always seeds the same inventory.
 */
export async function seedSearchItems(
  database: Database,
  owner: { accountId: string; userId: string },
  count: number,
): Promise<void> {
  const { db } = database;
  const indexes = (
    (await db.execute(sql`
      SELECT indexname, indexdef FROM pg_indexes
      WHERE tablename = 'items' AND indexname <> 'items_pkey'`)) as unknown as {
      rows: { indexname: string; indexdef: string }[];
    }
  ).rows;
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.indexname}`));
  const now = Date.now();
  const batch = 50_000;
  for (let start = 1; start <= count; start += batch) {
    const end = Math.min(count, start + batch - 1);
    await db.execute(sql`
      INSERT INTO items (id, account_id, user_id, status, date_created, date_last_modified, labels, general_details, listings, search_text)
      SELECT
        'search' || lpad(g::text, 18, '0'),
        ${owner.accountId},
        ${owner.userId},
        (CASE WHEN g % 7 = 0 THEN 'inProgress' ELSE 'complete' END)::item_status,
        ${now}::bigint - g::bigint * 60000,
        ${now}::bigint - g::bigint * 30000,
        labels,
        details,
        CASE g % 5 WHEN 0 THEN '{"ebay":{"status":"listed"}}'::jsonb WHEN 1 THEN '{"poshmark":{"status":"listed"}}'::jsonb ELSE '{}'::jsonb END,
        ${searchTextSql(sql`details`, sql`labels`)}
      FROM generate_series(${start}::int, ${end}::int) AS g,
      LATERAL (
        SELECT
          abs(hashint4extended(g, 1)) AS h1, abs(hashint4extended(g, 2)) AS h2,
          abs(hashint4extended(g, 3)) AS h3, abs(hashint4extended(g, 4)) AS h4
      ) AS h,
      LATERAL (
        SELECT CASE WHEN h3 % 2000 = 0 THEN 'Barbour' ELSE (${sql.raw(BRANDS)})[1 + h2 % 1000] END AS brand
      ) AS b,
      LATERAL (
        SELECT
          (ARRAY['vintage','summer','winter','bin A','bin B','high value','bundle','clearance'])[1 + g % 8:1 + g % 8 + (g % 3)] AS labels,
          jsonb_build_object(
            'images', '[]'::jsonb,
            'title', concat_ws(' ',
              CASE WHEN h4 % 2 = 0 THEN (${sql.raw(ERAS)})[1 + (h4 / 2) % 4] END,
              brand,
              (${sql.raw(COLOURS)})[1 + h3 % 12],
              (${sql.raw(KINDS)})[1 + h1 % 1000],
              'Size ' || (ARRAY['XS','S','M','L','XL','XXL'])[1 + (h4 / 8) % 6]),
            'description', (${sql.raw(SENTENCES)})[1 + (h1 / 1000) % 12] || ' ' ||
                           (${sql.raw(SENTENCES)})[1 + (h2 / 1000) % 12],
            'brand', brand,
            'condition', (ARRAY['good','like_new','fair','new_with_tags'])[1 + g % 4],
            'price', round((5 + (h2 / 7) % 500)::numeric + 0.99, 2),
            'primaryColor', (${sql.raw(COLOURS)})[1 + h3 % 12],
            'category', 'Clothing',
            'categoryV2', NULL,
            'weight', jsonb_build_object('pounds', g % 4, 'ounces', 1 + g % 15),
            'dimensions', NULL,
            'sku', 'SKU-' || lpad(g::text, 7, '0'),
            'quantity', 1 + g % 3,
            'costOfGoods', NULL,
            'size', (ARRAY['XS','S','M','L','XL','XXL'])[1 + (h4 / 8) % 6],
            'notes', '',
            'location', 'Bin ' || (g % 40)
          ) AS details
      ) AS generated
    `);
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.indexdef));
  });
  await db.execute(sql`VACUUM ANALYZE items`);
}

type Report = (figure: { name: string; value: number; unit: string; target?: string }) => void;

/** What the figures' names say of the inventory: "1,000,000 items". */
function sized(count: number): string {
  return `${count.toLocaleString('en-US')} items`;
}

/**
 * Before the server starts (PGlite's folder is one process's at a time): the bench account,
 * `count` items in its inventory, and each query's page and capped count read through the
 * repository as ItemService.list reads them (both at once), `REQUESTS` times one after
 * another: the SQL's share of the request. Answers each query's SQL p50 by name.
 */
export async function prepareSearch(
  env: Record<string, string>,
  credentials: { email: string; password: string },
  count: number,
  report: Report,
): Promise<Map<string, number>> {
  const container = await createContainer(
    loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false', MARKETPLACES: 'live' }, []),
    { logger: pino({ level: 'silent' }) },
  );
  const sqlP50 = new Map<string, number>();
  try {
    const created = await container.services.accounts.createWithOwner({
      companyName: 'Bench Search Boutique',
      owner: { ...credentials, firstName: 'Sam', lastName: 'Search' },
    });
    const owner = { accountId: created.account.accountId, userId: created.userId };
    const started = performance.now();
    await seedSearchItems(container.database, owner, count);
    report({
      name: `search: seed ${sized(count)} (SQL, not a product figure)`,
      value: (performance.now() - started) / 1000,
      unit: 's',
    });
    const repository = new ItemRepository(container.database.db);
    for (const query of SEARCH_QUERIES) {
      const filter = { ...owner, terms: searchTerms(query.q) };
      const run = () =>
        Promise.all([
          repository.listPage(filter, query.sort, null, 51),
          repository.countMatching(filter, ITEM_COUNT_CAP),
        ]);
      await run();
      const times = await timed(REQUESTS, async () => {
        await run();
      });
      sqlP50.set(query.name, percentile(times, 50));
      const name = `search SQL (${sized(count)}), ${query.name}`;
      report({ name: `${name} p50`, value: percentile(times, 50), unit: 'ms' });
      report({ name: `${name} p95`, value: percentile(times, 95), unit: 'ms' });
    }
  } finally {
    await container.close();
  }
  return sqlP50;
}

/**
 * Each query through the HTTP API, signed in as the owner, one request at a time: the page with
 * its count in one request, and its p50 over the same query's SQL p50 (`sqlP50`, from
 * prepareSearch); then the page alone and the count alone, as the web app asks for them.
 */
export async function benchSearch(
  baseUrl: string,
  credentials: { email: string; password: string },
  count: number,
  sqlP50: Map<string, number>,
  report: Report,
): Promise<void> {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', credentials);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  for (const query of SEARCH_QUERIES) {
    const path = `/api/account/item?limit=50&q=${encodeURIComponent(query.q)}&sort=${query.sort}`;
    const first = await client.get(path);
    if (first.status !== 200) throw new Error(`${query.name}: ${first.text}`);
    const times = await timed(REQUESTS, async () => {
      const response = await client.get(path);
      if (response.status !== 200) throw new Error(`${query.name}: ${response.text}`);
    });
    const total = `${first.body.total as number}${first.body.totalCapped ? '+' : ''}`;
    console.log(`  ${query.name}: ${first.body.items.length as number} items, total ${total}`);
    const name = `search API (${sized(count)}), ${query.name}`;
    report({ name: `${name} p50`, value: percentile(times, 50), unit: 'ms' });
    report({
      name: `${name} p95`,
      value: percentile(times, 95),
      unit: 'ms',
      target: '< 50 ms on Postgres at 1,000,000 items',
    });
    const sqlMs = sqlP50.get(query.name);
    if (sqlMs) {
      report({ name: `${name}, API/SQL p50`, value: percentile(times, 50) / sqlMs, unit: '×' });
    }
    // As the web app asks for a searched view: the page first (total=later), then its count on
    // its own, so the rows never wait for the count.
    const page = await timed(REQUESTS, async () => {
      const response = await client.get(`${path}&total=later`);
      if (response.status !== 200) throw new Error(`${query.name}: ${response.text}`);
    });
    report({
      name: `${name}, page as the web app asks it p50`,
      value: percentile(page, 50),
      unit: 'ms',
    });
    report({
      name: `${name}, page as the web app asks it p95`,
      value: percentile(page, 95),
      unit: 'ms',
      target: '< 50 ms on Postgres at 1,000,000 items',
    });
    const totalPath = `/api/account/item/total?q=${encodeURIComponent(query.q)}`;
    const counted = await timed(REQUESTS, async () => {
      const response = await client.get(totalPath);
      if (response.status !== 200) throw new Error(`${query.name}: ${response.text}`);
    });
    report({ name: `${name}, its count alone p50`, value: percentile(counted, 50), unit: 'ms' });
    report({ name: `${name}, its count alone p95`, value: percentile(counted, 95), unit: 'ms' });
  }
}
