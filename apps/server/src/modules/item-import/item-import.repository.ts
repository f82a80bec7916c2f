import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { itemImports, type ImportRowError } from './item-import.table';

export type ItemImportRow = typeof itemImports.$inferSelect;
export type NewItemImportRow = typeof itemImports.$inferInsert;

/** Imports belong to an account; every query names it. */
export class ItemImportRepository {
  constructor(private readonly db: Db) {}

  async create(row: NewItemImportRow): Promise<ItemImportRow> {
    const [created] = await this.db.insert(itemImports).values(row).returning();
    if (!created) throw new Error('Item import insert returned no row');
    return created;
  }

  async find(
    accountId: string,
    id: string,
    options: { forUpdate?: boolean; db?: Db } = {},
  ): Promise<ItemImportRow | null> {
    const query = (options.db ?? this.db)
      .select()
      .from(itemImports)
      .where(and(eq(itemImports.accountId, accountId), eq(itemImports.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  async update(
    accountId: string,
    id: string,
    patch: Partial<
      Pick<
        ItemImportRow,
        | 'status'
        | 'failureReason'
        | 'finishedAt'
        | 'processedRows'
        | 'createdItems'
        | 'updatedItems'
        | 'errorRows'
      >
    >,
    db: Db = this.db,
  ): Promise<ItemImportRow | null> {
    const [row] = await db
      .update(itemImports)
      .set(patch)
      .where(and(eq(itemImports.accountId, accountId), eq(itemImports.id, id)))
      .returning();
    return row ?? null;
  }

  /** Queues an import that is previewed or failed; null when another start got there first. */
  async claimForStart(accountId: string, id: string): Promise<ItemImportRow | null> {
    const [row] = await this.db
      .update(itemImports)
      .set({ status: 'queued', failureReason: null, finishedAt: null })
      .where(
        and(
          eq(itemImports.accountId, accountId),
          eq(itemImports.id, id),
          inArray(itemImports.status, ['previewed', 'failed']),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Records one finished batch, in the transaction that wrote its items. */
  async recordBatch(
    accountId: string,
    id: string,
    batch: { rows: number; created: number; updated: number; errorRows: ImportRowError[] },
    db: Db,
  ): Promise<void> {
    await db
      .update(itemImports)
      .set({
        processedRows: sql`${itemImports.processedRows} + ${batch.rows}`,
        createdItems: sql`${itemImports.createdItems} + ${batch.created}`,
        updatedItems: sql`${itemImports.updatedItems} + ${batch.updated}`,
        errorRows: batch.errorRows,
      })
      .where(and(eq(itemImports.accountId, accountId), eq(itemImports.id, id)));
  }
}
