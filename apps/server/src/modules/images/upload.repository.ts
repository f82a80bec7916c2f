import { and, count, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { imageUploads } from './image.table';

export type NewUploadRow = typeof imageUploads.$inferInsert;

/** What a user's unfinished uploads hold at one moment. */
export interface UploadUsage {
  count: number;
  bytes: number;
}

/** The unfinished uploads of each user, as counted against their quota. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records the upload when `fits` accepts what the user's unexpired uploads already hold;
   * false (and nothing written) when it does not. Two uploads of one user are counted one
   * after the other, so both cannot take the last place.
   */
  async reserve(
    row: NewUploadRow & { expiresAt: Date },
    now: Date,
    fits: (usage: UploadUsage) => boolean,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`uploads:${row.userId}`}))`);
      const [usage] = await tx
        .select({
          count: count(),
          bytes: sql<string>`coalesce(sum(${imageUploads.byteSize}), 0)`,
        })
        .from(imageUploads)
        .where(and(eq(imageUploads.userId, row.userId), gt(imageUploads.expiresAt, now)));
      if (!fits({ count: Number(usage?.count ?? 0), bytes: Number(usage?.bytes ?? 0) })) {
        return false;
      }
      await tx.insert(imageUploads).values(row).onConflictDoNothing();
      return true;
    });
  }

  /** The upload no longer counts: it became an image, was cancelled or refused. */
  async release(id: string): Promise<void> {
    await this.db.delete(imageUploads).where(eq(imageUploads.id, id));
  }

  /** Up to `limit` uploads whose time ran out by `now`, oldest first. */
  async expired(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: imageUploads.id })
      .from(imageUploads)
      .where(lte(imageUploads.expiresAt, now))
      .orderBy(imageUploads.expiresAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  async removeMany(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(imageUploads).where(inArray(imageUploads.id, [...ids]));
  }
}
