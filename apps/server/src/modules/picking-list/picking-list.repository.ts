import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PickingVerificationVia } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import {
  pickingLineChecks,
  pickingListFormDefaults,
  pickingListHistory,
  pickingListViews,
} from './picking-list.table';

export type LineCheckRow = typeof pickingLineChecks.$inferSelect;
export type HistoryRow = typeof pickingListHistory.$inferSelect;
export type NewHistoryRow = typeof pickingListHistory.$inferInsert;
export type ViewRow = typeof pickingListViews.$inferSelect;
export type FormDefaultsRow = typeof pickingListFormDefaults.$inferSelect;

/** Who checked a line, and how. */
export interface CheckedBy {
  userId: string;
  name: string;
  via: PickingVerificationVia;
  at: Date;
}

/** The picking list's rows belong to an account; every query names it. */
export class PickingListRepository {
  constructor(private readonly db: Db) {}

  /** The check rows of these sale events, by event id. */
  async checksOf(
    accountId: string,
    saleEventIds: readonly string[],
    db: Db = this.db,
  ): Promise<Map<string, LineCheckRow>> {
    if (saleEventIds.length === 0) return new Map();
    const rows = await db
      .select()
      .from(pickingLineChecks)
      .where(
        and(
          eq(pickingLineChecks.accountId, accountId),
          inArray(pickingLineChecks.saleEventId, [...new Set(saleEventIds)]),
        ),
      );
    return new Map(rows.map((row) => [row.saleEventId, row]));
  }

  /**
   * The check rows of these lines, made when missing and locked for the caller's
   * transaction (in event id order, so two packers lock in the same order).
   */
  async lockChecks(
    tx: Db,
    accountId: string,
    saleEventIds: readonly string[],
  ): Promise<Map<string, LineCheckRow>> {
    const ids = [...new Set(saleEventIds)].sort();
    if (ids.length === 0) return new Map();
    await tx
      .insert(pickingLineChecks)
      .values(ids.map((saleEventId) => ({ saleEventId, accountId })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(pickingLineChecks)
      .where(
        and(
          eq(pickingLineChecks.accountId, accountId),
          inArray(pickingLineChecks.saleEventId, ids),
        ),
      )
      .orderBy(pickingLineChecks.saleEventId)
      .for('update');
    return new Map(rows.map((row) => [row.saleEventId, row]));
  }

  /**
   * Checks `units` more of a line still on the list, never past `quantity`; answers the row
   * as it is now, or null when the line left the list meanwhile.
   */
  async check(
    tx: Db,
    accountId: string,
    saleEventId: string,
    change: { units: number | 'all'; quantity: number; by: CheckedBy },
  ): Promise<LineCheckRow | null> {
    const units =
      change.units === 'all'
        ? sql`${change.quantity}`
        : sql`least(${pickingLineChecks.verifiedUnits} + ${change.units}, ${change.quantity})`;
    const [row] = await tx
      .update(pickingLineChecks)
      .set({
        verifiedUnits: units,
        verifiedAt: change.by.at,
        verifiedBy: change.by.userId,
        verifiedByName: change.by.name,
        verifiedVia: change.by.via,
      })
      .where(
        and(
          eq(pickingLineChecks.accountId, accountId),
          eq(pickingLineChecks.saleEventId, saleEventId),
          isNull(pickingLineChecks.closedAt),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Nothing of the line is checked any more (it stays on the list); null once it left it. */
  async uncheck(tx: Db, accountId: string, saleEventId: string): Promise<LineCheckRow | null> {
    const [row] = await tx
      .update(pickingLineChecks)
      .set({
        verifiedUnits: 0,
        verifiedAt: null,
        verifiedBy: null,
        verifiedByName: null,
        verifiedVia: null,
      })
      .where(
        and(
          eq(pickingLineChecks.accountId, accountId),
          eq(pickingLineChecks.saleEventId, saleEventId),
          isNull(pickingLineChecks.closedAt),
        ),
      )
      .returning();
    return row ?? null;
  }

  async insertHistory(tx: Db, row: NewHistoryRow): Promise<HistoryRow> {
    const [saved] = await tx.insert(pickingListHistory).values(row).returning();
    if (!saved) throw new Error('The picking list history returned no row');
    return saved;
  }

  /** The lines leave the list with their history entry. */
  async close(
    tx: Db,
    accountId: string,
    saleEventIds: readonly string[],
    historyId: string,
    at: Date,
  ): Promise<void> {
    if (saleEventIds.length === 0) return;
    await tx
      .update(pickingLineChecks)
      .set({ historyId, closedAt: at })
      .where(
        and(
          eq(pickingLineChecks.accountId, accountId),
          inArray(pickingLineChecks.saleEventId, [...saleEventIds]),
        ),
      );
  }

  /** A page of the history, newest first, before the cursor's entry. */
  async historyPage(
    accountId: string,
    before: { createdAt: Date; id: string } | null,
    limit: number,
  ): Promise<HistoryRow[]> {
    const where = [eq(pickingListHistory.accountId, accountId)];
    if (before) {
      where.push(
        or(
          lt(pickingListHistory.createdAt, before.createdAt),
          and(
            eq(pickingListHistory.createdAt, before.createdAt),
            lt(pickingListHistory.id, before.id),
          ),
        )!,
      );
    }
    return this.db
      .select()
      .from(pickingListHistory)
      .where(and(...where))
      .orderBy(desc(pickingListHistory.createdAt), desc(pickingListHistory.id))
      .limit(limit);
  }

  async findView(accountId: string, userId: string): Promise<ViewRow | null> {
    const [row] = await this.db
      .select()
      .from(pickingListViews)
      .where(and(eq(pickingListViews.accountId, accountId), eq(pickingListViews.userId, userId)));
    return row ?? null;
  }

  async saveView(row: Omit<ViewRow, 'updatedAt'>): Promise<ViewRow> {
    const [saved] = await this.db
      .insert(pickingListViews)
      .values(row)
      .onConflictDoUpdate({
        target: [pickingListViews.accountId, pickingListViews.userId],
        set: { columns: row.columns, sort: row.sort, updatedAt: new Date() },
      })
      .returning();
    if (!saved) throw new Error('The picking list view returned no row');
    return saved;
  }

  async findFormDefaults(accountId: string): Promise<FormDefaultsRow | null> {
    const [row] = await this.db
      .select()
      .from(pickingListFormDefaults)
      .where(eq(pickingListFormDefaults.accountId, accountId));
    return row ?? null;
  }

  async saveFormDefaults(row: Omit<FormDefaultsRow, 'updatedAt'>): Promise<FormDefaultsRow> {
    const { accountId: _accountId, ...set } = row;
    const [saved] = await this.db
      .insert(pickingListFormDefaults)
      .values(row)
      .onConflictDoUpdate({
        target: pickingListFormDefaults.accountId,
        set: { ...set, updatedAt: new Date() },
      })
      .returning();
    if (!saved) throw new Error('The picking list form defaults returned no row');
    return saved;
  }

  async deleteFormDefaults(accountId: string): Promise<void> {
    await this.db
      .delete(pickingListFormDefaults)
      .where(eq(pickingListFormDefaults.accountId, accountId));
  }
}
