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

interface SaleClassRow {
  bucket: string;
  channel: string;
  kind: 'sale' | 'double_sale';
  currency: string;
  has_price: boolean;
  fee_reported: boolean;
  fee_date: string | null;
  fee_price: number | null;
  has_cost: boolean;
  sales: number;
  units: number;
  revenue: number;
  reported_fees: number;
  cost: number;
  ms_to_sell: number;
}

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
      WITH periods AS MATERIALIZED (
        SELECT p.marketplace, p.currency, p.starts::date AS starts
        FROM jsonb_to_recordset(${JSON.stringify(query.feePeriods)}::jsonb)
          AS p(marketplace text, currency text, starts text)
      ),
      sold AS (
        SELECT
          to_char(date_trunc(${query.bucket}, s.sold_at AT TIME ZONE ${query.timeZone}), 'YYYY-MM-DD') AS bucket,
          s.marketplace AS channel,
          s.kind,
          coalesce(s.currency, ${query.currency}) AS currency,
          s.quantity,
          s.sale_price_cents AS price,
          s.fees_cents AS reported_fee,
          (s.sold_at AT TIME ZONE 'UTC')::date AS sold_day,
          ${COST_CENTS} AS unit_cost,
          greatest(0, extract(epoch FROM s.sold_at) * 1000 - i.date_created) AS ms_to_sell
        FROM sale_events s
        JOIN items i ON i.id = s.item_id AND i.account_id = s.account_id
        WHERE s.account_id = ${query.accountId}
          AND s.sold_at >= (${query.from}::date::timestamp AT TIME ZONE ${query.timeZone})
          AND s.sold_at < ((${query.to}::date + 1)::timestamp AT TIME ZONE ${query.timeZone})
          ${channel}
      ),
      priced AS (
        SELECT sold.*,
          CASE WHEN reported_fee IS NULL AND price IS NOT NULL THEN (
            SELECT max(p.starts) FROM periods p
            WHERE p.marketplace = sold.channel AND p.currency = sold.currency
              AND p.starts <= sold.sold_day
          ) END AS fee_starts
        FROM sold
      )
      SELECT
        bucket,
        channel,
        kind::text AS kind,
        currency,
        price IS NOT NULL AS has_price,
        reported_fee IS NOT NULL AS fee_reported,
        to_char(fee_starts, 'YYYY-MM-DD') AS fee_date,
        CASE WHEN fee_starts IS NOT NULL THEN price END::float8 AS fee_price,
        unit_cost IS NOT NULL AS has_cost,
        count(*)::int AS sales,
        sum(quantity)::int AS units,
        coalesce(sum(price), 0)::float8 AS revenue,
        coalesce(sum(reported_fee), 0)::float8 AS reported_fees,
        coalesce(sum(unit_cost * quantity), 0)::float8 AS cost,
        coalesce(sum(ms_to_sell), 0)::float8 AS ms_to_sell
      FROM priced
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`);
    return rowsOf<SaleClassRow>(result).map((row) => ({
      bucket: row.bucket,
      channel: row.channel as SaleChannel,
      kind: row.kind,
      currency: row.currency,
      sales: row.sales,
      units: row.units,
      hasPrice: row.has_price,
      revenueCents: row.revenue,
      reportedFeeCents: row.fee_reported ? row.reported_fees : null,
      feeDate: row.fee_date,
      feePriceCents: row.fee_price,
      hasCost: row.has_cost,
      costCents: row.cost,
      msToSell: row.ms_to_sell,
    }));
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
    const result = await this.db.execute(sql`
      WITH live AS MATERIALIZED (
        SELECT i.quantity,
          ARRAY(
            SELECT l.key FROM jsonb_each(i.listings) AS l(key, value)
            WHERE l.value->>'status' IN (${live})
          ) AS channels
        FROM items i
        WHERE i.account_id = ${accountId} AND i.quantity > 0
      )
      SELECT channel, sum(quantity)::float8 AS units
      FROM live, unnest(channels) AS channel
      GROUP BY channel
      UNION ALL
      SELECT NULL, coalesce(sum(quantity), 0)::float8 FROM live WHERE cardinality(channels) > 0`);
    const byChannel: Partial<Record<SaleChannel, number>> = {};
    let total = 0;
    for (const row of rowsOf<{ channel: string | null; units: number }>(result)) {
      if (row.channel === null) total = row.units;
      else byChannel[row.channel as SaleChannel] = row.units;
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
    const band = sql.join(
      [
        sql`CASE`,
        ...AGE_BANDS.map((b) =>
          b.toDays === null ? sql`ELSE ${b.key}` : sql`WHEN age <= ${b.toDays} THEN ${b.key}`,
        ),
        sql`END`,
      ],
      sql` `,
    );
    const result = await this.db.execute(sql`
      SELECT
        band,
        count(*)::int AS items,
        sum(quantity)::float8 AS units,
        coalesce(sum(round(price * 100) * quantity) FILTER (WHERE price IS NOT NULL), 0)::float8 AS price_cents,
        (count(*) FILTER (WHERE price IS NULL))::int AS items_without_price,
        coalesce(sum(unit_cost * quantity) FILTER (WHERE unit_cost IS NOT NULL), 0)::float8 AS cost_cents,
        (count(*) FILTER (WHERE unit_cost IS NULL))::int AS items_without_cost
      FROM (
        SELECT ${band}::text AS band, quantity, price, unit_cost
        FROM (
          SELECT
            floor((${now.getTime()}::bigint - i.date_created) / ${DAY_MS}::numeric) AS age,
            i.quantity,
            i.price,
            ${COST_CENTS} AS unit_cost
          FROM items i
          WHERE i.account_id = ${accountId} AND i.quantity > 0 ${onMarketplace}
        ) aged
      ) banded
      GROUP BY band`);
    return rowsOf<{
      band: AgeBand;
      items: number;
      units: number;
      price_cents: number;
      items_without_price: number;
      cost_cents: number;
      items_without_cost: number;
    }>(result).map((row) => ({
      band: row.band,
      items: row.items,
      units: row.units,
      priceCents: row.price_cents,
      itemsWithoutPrice: row.items_without_price,
      costCents: row.cost_cents,
      itemsWithoutCost: row.items_without_cost,
    }));
  }
}
