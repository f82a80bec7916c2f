import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { labels } from './label.table';

export type LabelRow = typeof labels.$inferSelect;
export type NewLabelRow = typeof labels.$inferInsert;

/** Labels belong to one user of one account; every query names both. */
export class LabelRepository {
  constructor(private readonly db: Db) {}

  async list(accountId: string, userId: string): Promise<LabelRow[]> {
    return this.db
      .select()
      .from(labels)
      .where(and(eq(labels.accountId, accountId), eq(labels.userId, userId)))
      .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  }

  async findById(
    accountId: string,
    userId: string,
    id: string,
    db: Db = this.db,
  ): Promise<LabelRow | null> {
    const [row] = await db
      .select()
      .from(labels)
      .where(and(eq(labels.accountId, accountId), eq(labels.userId, userId), eq(labels.id, id)));
    return row ?? null;
  }

  /** The user's labels whose names match any of these, in any case. */
  async findByNames(
    accountId: string,
    userId: string,
    names: readonly string[],
    db: Db = this.db,
  ): Promise<LabelRow[]> {
    if (names.length === 0) return [];
    const lowered = names.map((n) => n.toLowerCase());
    return db
      .select()
      .from(labels)
      .where(
        and(
          eq(labels.accountId, accountId),
          eq(labels.userId, userId),
          sql`lower(${labels.name}) = ANY(${sql`ARRAY[${sql.join(
            lowered.map((n) => sql`${n}`),
            sql`, `,
          )}]::text[]`})`,
        ),
      );
  }

  async countForUser(accountId: string, userId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(labels)
      .where(and(eq(labels.accountId, accountId), eq(labels.userId, userId)));
    return Number(row?.n ?? 0);
  }

  /**
   * Serialises label creation for one user until the transaction ends, so two saves at once
   * cannot both pass the 500-labels check.
   */
  async lockOwner(userId: string, db: Db): Promise<void> {
    await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`labels:${userId}`}))`);
  }

  /** Inserts labels; a name the user already has (any case) is left as it is. */
  async insertMany(rows: readonly NewLabelRow[], db: Db = this.db): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(labels)
      .values([...rows])
      .onConflictDoNothing();
  }

  async rename(
    accountId: string,
    userId: string,
    id: string,
    name: string,
    db: Db = this.db,
  ): Promise<LabelRow | null> {
    const [row] = await db
      .update(labels)
      .set({ name })
      .where(and(eq(labels.accountId, accountId), eq(labels.userId, userId), eq(labels.id, id)))
      .returning();
    return row ?? null;
  }

  async remove(accountId: string, userId: string, id: string, db: Db = this.db): Promise<boolean> {
    const removed = await db
      .delete(labels)
      .where(and(eq(labels.accountId, accountId), eq(labels.userId, userId), eq(labels.id, id)))
      .returning({ id: labels.id });
    return removed.length > 0;
  }
}
