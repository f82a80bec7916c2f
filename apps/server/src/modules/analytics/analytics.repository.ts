import {
  AGE_BANDS,
  LISTING_STATUSES,
  isLiveListing,
  type AgeBand,
  type AnalyticsBucket,
  type FeeRow,
  type SaleChannel,
  type SaleClass,
} from '@listloop/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';

/**
 * The analytics screen's reads (decision 0049): aggregates over the sale events and the items,
 * grouped in SQL so a period of 20,000 sales never comes into the process one by one.
 *
 * This module reads other modules' tables by name, read-only, and nowhere else: a report
 * across sales and stock is one join, and answering it through each module's service would
 * load every sale. The columns read are named here and nowhere else in this module; every
 * query runs in the integration tests on both databases, so a renamed column fails there.
 * - sale_events (sale-detection): account_id, item_id, kind, marketplace, currency, quantity,
 *   sale_price_cents, fees_cents, sold_at
 * - items (items): id, account_id, date_created, quantity, price, listings, and
 *   general_details->>'costOfGoods'
 */

/** The listing statuses that are up on the marketplace: the domain's `isLiveListing`. */
const LIVE_STATUSES = LISTING_STATUSES.filter((status) => isLiveListing({ status }));

const DAY_MS = 24 * 60 * 60 * 1000;

/** The dates a marketplace's fees changed, per currency: where a sale's fee rows begin. */
export interface FeePeriod {
  marketplace: string;
  currency: string;
  /** The day the rows begin (their effectiveFrom). */
  starts: string;
}

export function feePeriodsOf(schedule: readonly FeeRow[]): FeePeriod[] {
  const seen = new Map<string, FeePeriod>();
  for (const row of schedule) {
    const key = `${row.marketplace}|${row.currency}|${row.effectiveFrom}`;
    seen.set(key, {
      marketplace: row.marketplace,
      currency: row.currency,
      starts: row.effectiveFrom,
    });
  }
  return [...seen.values()];
}

export interface SaleClassQuery {
  accountId: string;
  /** The account's currency: what a sale recorded with none is in. */
  currency: string;
  from: string;
  to: string;
  timeZone: string;
  bucket: AnalyticsBucket;
  marketplace: SaleChannel | null;
  feePeriods: readonly FeePeriod[];
}

/** One class as the query answers it: the columns of `saleClasses`'s select, in order. */
type SaleClassRow = [
  bucket: string,
  channel: string,
  kind: 'sale' | 'double_sale',
  currency: string,
  hasPrice: boolean,
  feeReported: boolean,
  feeDate: string | null,
  feePrice: number | null,
  hasCost: boolean,
  sales: number,
  units: number,
  revenue: number,
  reportedFees: number,
  cost: number,
  msToSell: number,
];

export interface AgingRow {
  band: AgeBand;
  items: number;
  units: number;
  priceCents: number;
  itemsWithoutPrice: number;
  costCents: number;
  itemsWithoutCost: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/**
 * The day the fee rows in force on `day` begin, for a sale on `channel` in `currency`: the
 * latest start on or before it (null when none), as one expression built from the schedule —
 * no lookup per sale.
 */
function feeStartsOf(periods: readonly FeePeriod[], channel: SQL, currency: SQL, day: SQL): SQL {
  const byMarketplace = new Map<string, FeePeriod[]>();
  for (const period of periods) {
    const key = `${period.marketplace}|${period.currency}`;
    byMarketplace.set(key, [...(byMarketplace.get(key) ?? []), period]);
  }
  if (byMarketplace.size === 0) return sql`NULL::date`;
  const branches = [...byMarketplace.values()].map((starts) => {
    const latestFirst = [...starts].sort((a, b) => b.starts.localeCompare(a.starts));
    const steps = latestFirst.map(
      (period) => sql`WHEN ${day} >= ${period.starts}::date THEN ${period.starts}::date`,
    );
    return sql`WHEN ${channel} = ${starts[0]!.marketplace} AND ${currency} = ${starts[0]!.currency}
      THEN CASE ${sql.join(steps, sql` `)} END`;
  });
  return sql`CASE ${sql.join(branches, sql` `)} END`;
}

/** An item's cost of goods per unit, in cents; null when it has none. */
const COST_CENTS = sql`round((i.general_details->>'costOfGoods')::numeric * 100)`;

export class AnalyticsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The period's sale and double-sale events grouped into classes (see `SaleClass`): per
   * bucket, channel, kind and currency, then by what the figures depend on — whether a price,
   * a reported fee and a cost are there, and for a fee to come from the schedule, the date its
   * rows begin and the one price. Days start and end in the seller's time zone; the fee rows
   * are those in force on the sale's UTC day, as `feeFor` reads them.
   */
  async saleClasses(query: SaleClassQuery): Promise<SaleClass[]> {
    const channel: SQL = query.marketplace ? sql`AND s.marketplace = ${query.marketplace}` : sql``;
    const result = await this.db.execute(sql`
      WITH sold AS MATERIALIZED (
        -- Narrow rows first: the item's JSON is read once here, not carried into the grouping.
        SELECT
          date_trunc(${query.bucket}, s.sold_at AT TIME ZONE ${query.timeZone})::date AS bucket,
          s.marketplace AS channel,
          s.kind,
          coalesce(s.currency, ${query.currency}) AS currency,
          s.quantity,
          s.sale_price_cents AS price,
          s.fees_cents AS reported_fee,
          CASE WHEN s.fees_cents IS NULL AND s.sale_price_cents IS NOT NULL THEN
            ${feeStartsOf(
              query.feePeriods,
              sql`s.marketplace`,
              sql`coalesce(s.currency, ${query.currency})`,
              sql`(s.sold_at AT TIME ZONE 'UTC')::date`,
            )}
          END AS fee_starts,
          ${COST_CENTS} AS unit_cost,
          greatest(0, date_part('epoch', s.sold_at) * 1000 - i.date_created) AS ms_to_sell
        FROM sale_events s
        JOIN items i ON i.id = s.item_id AND i.account_id = s.account_id
        WHERE s.account_id = ${query.accountId}
          AND s.sold_at >= (${query.from}::date::timestamp AT TIME ZONE ${query.timeZone})
          AND s.sold_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
          ${channel}
      )
      -- One row holding every class as a JSON array: thousands of classes (a year of varied
      -- prices) come back as one value to parse, not thousands of rows (slow in PGlite).
      SELECT coalesce(json_agg(json_build_array(
        bucket, channel, kind, currency, has_price, fee_reported, fee_date, fee_price, has_cost,
        sales, units, revenue, reported_fees, cost, ms_to_sell
      )), '[]'::json) AS classes
      FROM (
        SELECT
          to_char(bucket, 'YYYY-MM-DD') AS bucket,
          channel,
          kind::text AS kind,
          currency,
          price IS NOT NULL AS has_price,
          reported_fee IS NOT NULL AS fee_reported,
          to_char(fee_starts, 'YYYY-MM-DD') AS fee_date,
          (CASE WHEN fee_starts IS NOT NULL THEN price END)::float8 AS fee_price,
          unit_cost IS NOT NULL AS has_cost,
          count(*)::int AS sales,
          sum(quantity)::int AS units,
          coalesce(sum(price), 0)::float8 AS revenue,
          coalesce(sum(reported_fee), 0)::float8 AS reported_fees,
          coalesce(sum(unit_cost * quantity), 0)::float8 AS cost,
          coalesce(sum(ms_to_sell), 0)::float8 AS ms_to_sell
        FROM sold
        GROUP BY sold.bucket, channel, sold.kind, currency, 5, 6, fee_starts, 8, 9
      ) classes`);
    const [row] = rowsOf<{ classes: SaleClassRow[] | string }>(result);
    // node-postgres parses json; PGlite may hand the text over.
    const classes: SaleClassRow[] =
      typeof row?.classes === 'string' ? JSON.parse(row.classes) : (row?.classes ?? []);
    return classes.map(
      ([
        bucket,
        channel,
        kind,
        currency,
        hasPrice,
        feeReported,
        feeDate,
        feePrice,
        hasCost,
        sales,
        units,
        revenue,
        reportedFees,
        cost,
        msToSell,
      ]) => ({
        bucket,
        channel: channel as SaleChannel,
        kind,
        currency,
        sales,
        units,
        hasPrice,
        revenueCents: revenue,
        reportedFeeCents: feeReported ? reportedFees : null,
        feeDate,
        feePriceCents: feePrice,
        hasCost,
        costCents: cost,
        msToSell,
      }),
    );
  }

  /**
   * Units on hand with a live listing now: per marketplace, and in all (an item live on two
   * marketplaces counts once in all).
   */
  async listedUnits(
    accountId: string,
  ): Promise<{ total: number; byChannel: Partial<Record<SaleChannel, number>> }> {
    const live = sql.join(
      LIVE_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    // One pass over the account's stock, with no sort: a row per live listing, numbered within
    // its item, so the total counts each item once, on its first live listing.
    const result = await this.db.execute(sql`
      SELECT
        live.channel,
        sum(i.quantity)::float8 AS units,
        coalesce(sum(i.quantity) FILTER (WHERE live.n = 1), 0)::float8 AS first_units
      FROM items i
      CROSS JOIN LATERAL unnest(ARRAY(
        SELECT l.key FROM jsonb_each(i.listings) AS l(key, value)
        WHERE l.value->>'status' IN (${live})
      )) WITH ORDINALITY AS live(channel, n)
      WHERE i.account_id = ${accountId} AND i.quantity > 0
      GROUP BY live.channel`);
    const byChannel: Partial<Record<SaleChannel, number>> = {};
    let total = 0;
    for (const row of rowsOf<{ channel: string; units: number; first_units: number }>(result)) {
      byChannel[row.channel as SaleChannel] = row.units;
      total += row.first_units;
    }
    return { total, byChannel };
  }

  /**
   * The unsold inventory (items with a unit on hand; live on `marketplace` when given) by age
   * band: whole days from the item's creation to `now`.
   */
  async aging(accountId: string, marketplace: SaleChannel | null, now: Date): Promise<AgingRow[]> {
    const live = sql.join(
      LIVE_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    const onMarketplace: SQL = marketplace
      ? sql`AND i.listings -> ${marketplace} ->> 'status' IN (${live})`
      : sql``;
    // The band's index: 0 below the second band's first day, 1 below the third's, …
    const thresholds = sql.raw(
      `ARRAY[${AGE_BANDS.slice(1)
        .map((b) => b.fromDays)
        .join(', ')}]::bigint[]`,
    );
    const result = await this.db.execute(sql`
      WITH stock AS MATERIALIZED (
        SELECT
          width_bucket((${now.getTime()}::bigint - i.date_created) / ${DAY_MS}::bigint, ${thresholds}) AS band,
          i.quantity,
          round(i.price * 100) AS price_cents,
          ${COST_CENTS} AS unit_cost
        FROM items i
        WHERE i.account_id = ${accountId} AND i.quantity > 0 ${onMarketplace}
      )
      SELECT
        band,
        count(*)::int AS items,
        sum(quantity)::float8 AS units,
        coalesce(sum(price_cents * quantity), 0)::float8 AS price_cents,
        (count(*) - count(price_cents))::int AS items_without_price,
        coalesce(sum(unit_cost * quantity), 0)::float8 AS cost_cents,
        (count(*) - count(unit_cost))::int AS items_without_cost
      FROM stock
      GROUP BY band`);
    return rowsOf<{
      band: number;
      items: number;
      units: number;
      price_cents: number;
      items_without_price: number;
      cost_cents: number;
      items_without_cost: number;
    }>(result).map((row) => ({
      band: AGE_BANDS[row.band]!.key,
      items: row.items,
      units: row.units,
      priceCents: row.price_cents,
      itemsWithoutPrice: row.items_without_price,
      costCents: row.cost_cents,
      itemsWithoutCost: row.items_without_cost,
    }));
  }
}
