import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { images } from './image.table';

export type ImageRow = typeof images.$inferSelect;
export type NewImageRow = typeof images.$inferInsert;

/**
 * Reads are scoped by account; only the derivative job and a signed public address read an
 * image by id alone.
 */
export class ImageRepository {
  constructor(private readonly db: Db) {}

  async findById(accountId: string, id: string): Promise<ImageRow | null> {
    const [row] = await this.db
      .select()
      .from(images)
      .where(and(eq(images.accountId, accountId), eq(images.id, id)));
    return row ?? null;
  }

  /** Which of these image ids are images of the account. */
  async ownedIds(
    accountId: string,
    ids: readonly string[],
    db: Db = this.db,
  ): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: images.id })
      .from(images)
      .where(and(eq(images.accountId, accountId), inArray(images.id, [...ids])));
    return new Set(rows.map((row) => row.id));
  }

  /** For the derivative job, which runs outside any request. */
  async findForProcessing(id: string): Promise<ImageRow | null> {
    const [row] = await this.db.select().from(images).where(eq(images.id, id));
    return row ?? null;
  }

  /**
   * For a signed public address, whose valid signature is the caller's authority: the
   * signature names the image id, and the id is all it may read.
   */
  async findForSignedUrl(id: string): Promise<ImageRow | null> {
    const [row] = await this.db.select().from(images).where(eq(images.id, id));
    return row ?? null;
  }

  /** Inserts the row, or finds the one an earlier try of the same upload inserted. */
  async insertOnce(row: NewImageRow): Promise<{ row: ImageRow; created: boolean }> {
    const [created] = await this.db.insert(images).values(row).onConflictDoNothing().returning();
    if (created) return { row: created, created: true };
    const existing = await this.findById(row.accountId, row.id);
    if (!existing) throw new Error(`Image ${row.id} exists in another account`);
    return { row: existing, created: false };
  }

  async markReady(id: string, keys: { largeKey: string; smallKey: string }): Promise<void> {
    await this.db
      .update(images)
      .set({ ...keys, status: 'ready', failureReason: null })
      .where(eq(images.id, id));
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.db
      .update(images)
      .set({ status: 'failed', failureReason: reason.slice(0, 500) })
      .where(eq(images.id, id));
  }
}
