import type { SaleStepRecord } from '@listloop/domain';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { InsertStatements, statement, type Placeholders } from '../../platform/db/statement';
import { saleEvents, saleOutcomes, salePollCursors } from './sale-detection.table';

export type SaleEventRow = typeof saleEvents.$inferSelect;
export type NewSaleEventRow = typeof saleEvents.$inferInsert;
export type SaleOutcomeRow = typeof saleOutcomes.$inferInsert;

/**
 * Sales of one currency counted over a period and over its last part (the dashboard's); null is
 * a sale whose source named no currency.
 */
export interface SaleTotalsRow {
  currency: string | null;
  count: number;
  cents: number;
  unpriced: number;
  recentCount: number;
  recentCents: number;
  recentUnpriced: number;
}

/** Sale events belong to an account; every query names it. */
// A sale's own statements, built once (platform/db/statement.ts): every sale runs them.
const newEvents = new InsertStatements(
  (q, rows: NewSaleEventRow[]) =>
    q.insert(saleEvents).values(rows).onConflictDoNothing().returning(),
  saleEvents,
);
const newOutcomes = new InsertStatements((q, rows: SaleOutcomeRow[]) =>
  q.insert(saleOutcomes).values(rows).onConflictDoNothing(),
);
const eventOfOrder = statement(
  (
    q,
    p: Placeholders<{
      accountId: string;
      marketplace: string;
      externalOrderId: string;
      itemId: string;
    }>,
  ) =>
    q
      .select()
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, p('accountId')),
          eq(saleEvents.marketplace, p('marketplace')),
          eq(saleEvents.externalOrderId, p('externalOrderId')),
          eq(saleEvents.itemId, p('itemId')),
        ),
      ),
  saleEvents,
);
const stepsAppended = statement((q, p: Placeholders<{ eventId: string; steps: string }>) =>
  q
    .update(saleEvents)
    .set({ steps: sql`${saleEvents.steps} || ${p('steps')}::jsonb` })
    .where(eq(saleEvents.id, p('eventId'))),
);

export class SaleDetectionRepository {
  constructor(private readonly db: Db) {}

  /** The new event; null when this order of this item was recorded already. */
  async insertEvent(row: NewSaleEventRow, db: Db): Promise<SaleEventRow | null> {
    const [created] = await newEvents.rows(db, [row]);
    return created ?? null;
  }

  async findByOrder(
    accountId: string,
    marketplace: string,
    externalOrderId: string,
    itemId: string,
  ): Promise<SaleEventRow | null> {
    const [row] = await eventOfOrder.rows(this.db, {
      accountId,
      marketplace,
      externalOrderId,
      itemId,
    });
    return row ?? null;
  }

  /** Where the item's units last sold (the first sale of a double sale). */
  async lastSaleOf(accountId: string, itemId: string, db: Db): Promise<string | null> {
    return (await this.latestSale(accountId, itemId, db))?.marketplace ?? null;
  }

  /** The item's latest sale (double sales apart): its id, marketplace and when ListLoop heard of it. */
  async latestSale(
    accountId: string,
    itemId: string,
    db: Db = this.db,
  ): Promise<{ id: string; marketplace: string; detectedAt: Date } | null> {
    const [row] = await db
      .select({
        id: saleEvents.id,
        marketplace: saleEvents.marketplace,
        detectedAt: saleEvents.detectedAt,
      })
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.itemId, itemId),
          eq(saleEvents.kind, 'sale'),
        ),
      )
      .orderBy(desc(saleEvents.detectedAt), desc(saleEvents.id))
      .limit(1);
    return row ?? null;
  }

  async insertOutcomes(rows: readonly SaleOutcomeRow[], db: Db): Promise<void> {
    await newOutcomes.run(db, rows);
  }

  async find(accountId: string, eventId: string): Promise<SaleEventRow | null> {
    const [row] = await this.db
      .select()
      .from(saleEvents)
      .where(and(eq(saleEvents.accountId, accountId), eq(saleEvents.id, eventId)));
    return row ?? null;
  }

  /** The account's events, newest first, from `since`; keyset-paged on (detected_at, id). */
  async list(
    accountId: string,
    query: {
      /** From when; every event when left out (one item's sales). */
      since?: Date | undefined;
      marketplace?: string | undefined;
      itemId?: string | undefined;
      state: 'open' | 'dismissed' | 'all';
      limit: number;
      after?: { detectedAt: Date; id: string } | undefined;
    },
  ): Promise<SaleEventRow[]> {
    const where: SQL[] = [eq(saleEvents.accountId, accountId)];
    if (query.since) where.push(gte(saleEvents.detectedAt, query.since));
    if (query.marketplace) where.push(eq(saleEvents.marketplace, query.marketplace));
    if (query.itemId) where.push(eq(saleEvents.itemId, query.itemId));
    if (query.state === 'open') where.push(isNull(saleEvents.dismissedAt));
    if (query.state === 'dismissed') where.push(isNotNull(saleEvents.dismissedAt));
    if (query.after) {
      where.push(
        or(
          lt(saleEvents.detectedAt, query.after.detectedAt),
          and(eq(saleEvents.detectedAt, query.after.detectedAt), lt(saleEvents.id, query.after.id)),
        )!,
      );
    }
    return this.db
      .select()
      .from(saleEvents)
      .where(and(...where))
      .orderBy(desc(saleEvents.detectedAt), desc(saleEvents.id))
      .limit(query.limit);
  }

  /**
   * The account's sales (not double sales) heard of since `since` and not dismissed, oldest
   * first, at most `limit`: what may wait to be packed.
   */
  async openSalesSince(accountId: string, since: Date, limit: number): Promise<SaleEventRow[]> {
    return this.db
      .select()
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.kind, 'sale'),
          isNull(saleEvents.dismissedAt),
          gte(saleEvents.detectedAt, since),
        ),
      )
      .orderBy(saleEvents.detectedAt, saleEvents.id)
      .limit(limit);
  }

  /** The outcomes of these events, by marketplace. */
  async outcomesOf(accountId: string, eventIds: readonly string[]): Promise<SaleOutcomeRow[]> {
    if (eventIds.length === 0) return [];
    return this.db
      .select({
        eventId: saleOutcomes.eventId,
        accountId: saleOutcomes.accountId,
        marketplace: saleOutcomes.marketplace,
        outcome: saleOutcomes.outcome,
        operationId: saleOutcomes.operationId,
      })
      .from(saleOutcomes)
      .where(
        and(eq(saleOutcomes.accountId, accountId), inArray(saleOutcomes.eventId, [...eventIds])),
      )
      .orderBy(saleOutcomes.marketplace);
  }

  /** Adds the workflow's steps to the event's, after those it has (one statement, in order). */
  async appendSteps(eventId: string, steps: readonly SaleStepRecord[], db: Db = this.db) {
    if (steps.length === 0) return;
    await stepsAppended.run(db, { eventId, steps: JSON.stringify(steps) });
  }

  /** Dismisses open events of the account (one, or all of a marketplace); answers how many. */
  async dismiss(
    accountId: string,
    marketplace: string,
    at: Date,
    eventId?: string,
  ): Promise<number> {
    const where = [
      eq(saleEvents.accountId, accountId),
      eq(saleEvents.marketplace, marketplace),
      isNull(saleEvents.dismissedAt),
    ];
    if (eventId) where.push(eq(saleEvents.id, eventId));
    const rows = await this.db
      .update(saleEvents)
      .set({ dismissedAt: at })
      .where(and(...where))
      .returning({ id: saleEvents.id });
    return rows.length;
  }

  async pollCursor(connectionId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ polledUntil: salePollCursors.polledUntil })
      .from(salePollCursors)
      .where(eq(salePollCursors.connectionId, connectionId));
    return row?.polledUntil ?? null;
  }

  async savePollCursor(
    accountId: string,
    connectionId: string,
    polledUntil: Date,
    lastError: string | null,
  ): Promise<void> {
    await this.db
      .insert(salePollCursors)
      .values({ connectionId, accountId, polledUntil, lastError })
      .onConflictDoUpdate({
        target: salePollCursors.connectionId,
        set: { polledUntil, lastError, updatedAt: new Date() },
      });
  }

  /**
   * Sales (not double sales) dated in [from, until), per currency, with the same counted again
   * from `recentFrom` on: a week and its today in one pass.
   */
  async totals(
    accountId: string,
    range: { from: Date; recentFrom: Date; until: Date },
  ): Promise<SaleTotalsRow[]> {
    const currency = sql<string | null>`upper(${saleEvents.currency})`;
    const recent = sql`${saleEvents.soldAt} >= ${range.recentFrom}`;
    const unpriced = sql`${saleEvents.salePriceCents} IS NULL`;
    return this.db
      .select({
        currency,
        count: sql<number>`count(*)`.mapWith(Number),
        cents: sql<number>`coalesce(sum(${saleEvents.salePriceCents}), 0)`.mapWith(Number),
        unpriced: sql<number>`count(*) FILTER (WHERE ${unpriced})`.mapWith(Number),
        recentCount: sql<number>`count(*) FILTER (WHERE ${recent})`.mapWith(Number),
        recentCents:
          sql<number>`coalesce(sum(${saleEvents.salePriceCents}) FILTER (WHERE ${recent}), 0)`.mapWith(
            Number,
          ),
        recentUnpriced: sql<number>`count(*) FILTER (WHERE ${recent} AND ${unpriced})`.mapWith(
          Number,
        ),
      })
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.kind, 'sale'),
          gte(saleEvents.soldAt, range.from),
          lt(saleEvents.soldAt, range.until),
        ),
      )
      .groupBy(currency);
  }

  /** The latest sales (not double sales) dated in [from, until), newest first. */
  async latestSales(
    accountId: string,
    range: { from: Date; until: Date },
    limit: number,
  ): Promise<SaleEventRow[]> {
    return this.db
      .select()
      .from(saleEvents)
      .where(
        and(
          eq(saleEvents.accountId, accountId),
          eq(saleEvents.kind, 'sale'),
          gte(saleEvents.soldAt, range.from),
          lt(saleEvents.soldAt, range.until),
        ),
      )
      .orderBy(desc(saleEvents.soldAt), desc(saleEvents.id))
      .limit(limit);
  }

  /** The account's double sales nobody dismissed: how many, and the latest heard of. */
  async openDoubleSales(
    accountId: string,
    limit: number,
  ): Promise<{ total: number; rows: SaleEventRow[] }> {
    const where = and(
      eq(saleEvents.accountId, accountId),
      eq(saleEvents.kind, 'double_sale'),
      isNull(saleEvents.dismissedAt),
    );
    const [counted] = await this.db.select({ n: count() }).from(saleEvents).where(where);
    const rows = await this.db
      .select()
      .from(saleEvents)
      .where(where)
      .orderBy(desc(saleEvents.detectedAt), desc(saleEvents.id))
      .limit(limit);
    return { total: Number(counted?.n ?? 0), rows };
  }
}
