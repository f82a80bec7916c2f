/**
 * The home dashboard's figure: GET /api/dashboard over the bench account's 100,000 items (a
 * fifth listed on eBay, a fifth on Poshmark, a seventh in progress) and 20,000 sales of the
 * last four weeks, one request at a time and ten at once. Run by bench/run.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../src/platform/db/database';
import { TestClient } from '../test/client';

export const DASHBOARD_SALES = Number(process.env.BENCH_DASHBOARD_SALES ?? 20_000);

/**
 * Sale events of the bench items, one per item from the newest, two minutes apart going back
 * (20,000 cover four weeks): one in fifty in euros, one in five hundred a double sale left open.
 */
export async function seedDashboardSales(
  database: Database,
  owner: { accountId: string; userId: string },
  items: number,
): Promise<void> {
  const count = Math.min(DASHBOARD_SALES, items);
  const now = Date.now();
  await database.db.execute(sql`
    INSERT INTO sale_events (id, account_id, user_id, item_id, marketplace, external_order_id, kind, source, quantity, quantity_left, sale_price_cents, currency, sold_at, detected_at)
    SELECT
      'dashsale' || lpad(g::text, 16, '0'),
      ${owner.accountId},
      ${owner.userId},
      'bench' || lpad(g::text, 19, '0'),
      (ARRAY['ebay','poshmark','shopify','in_person'])[1 + g % 4],
      'bench-order-' || g,
      (CASE WHEN g % 500 = 0 THEN 'double_sale' ELSE 'sale' END)::sale_event_kind,
      'poll'::sale_source,
      1,
      0,
      500 + (g * 37) % 20000,
      CASE WHEN g % 50 = 0 THEN 'EUR' ELSE 'USD' END,
      to_timestamp((${now}::bigint - g::bigint * 120000) / 1000.0),
      to_timestamp((${now}::bigint - g::bigint * 120000) / 1000.0)
    FROM generate_series(1, ${count}::int) AS g
  `);
  await database.db.execute(sql`ANALYZE sale_events`);
}

type Load = (
  baseUrl: string,
  cookie: string,
  options: { url: string; method: 'GET'; connections?: number; timeout?: number },
) => Promise<{
  p50: number;
  p95: number;
  p99: number;
  perSecond: number;
  failed: number;
  why: string;
}>;

export async function benchDashboard(
  baseUrl: string,
  owner: { email: string; password: string },
  load: Load,
  add: (figure: { name: string; value: number; unit: string; target?: string }) => void,
): Promise<void> {
  const client = new TestClient(baseUrl);
  const login = await client.post('/api/rest/v1/auth/session_login', owner);
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.text}`);
  const url = `${baseUrl}/api/dashboard?timeZone=America/New_York&weekStart=sunday`;
  const first = await client.get(url.slice(baseUrl.length));
  if (first.status !== 200) throw new Error(`dashboard failed: ${first.text}`);
  const name = `dashboard (100,000 items, ${DASHBOARD_SALES.toLocaleString('en-US')} sales)`;
  for (const connections of [1, 10]) {
    // Ten at once queue behind each other on PGlite's one connection: give each time to answer.
    const result = await load(baseUrl, client.cookieHeader, {
      url,
      method: 'GET',
      connections,
      timeout: 60,
    });
    if (result.failed > 0) throw new Error(`${name}: ${result.why}`);
    const at = connections === 1 ? '1 connection' : `${connections} connections`;
    add({ name: `${name}, ${at} p50`, value: result.p50, unit: 'ms' });
    add({ name: `${name}, ${at} p95`, value: result.p95, unit: 'ms' });
    if (connections > 1) {
      add({ name: `${name} throughput`, value: result.perSecond, unit: 'req/s' });
    }
  }
}
