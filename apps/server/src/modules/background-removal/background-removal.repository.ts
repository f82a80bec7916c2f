import { and, count, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { BackgroundRemovalFailure } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { heldBy, leaseLapsed, NO_LEASE } from '../../platform/db/lease';
import { backgroundRemovals } from './background-removal.table';

export type BackgroundRemovalRow = typeof backgroundRemovals.$inferSelect;
export type NewBackgroundRemovalRow = typeof backgroundRemovals.$inferInsert;

/** Reads for a request are scoped by account; the job reads a removal by its id alone. */
export class BackgroundRemovalRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Starts of one account wait for each other, so two at once cannot both pass its limit. */
  async lockAccount(tx: Db, accountId: string): Promise<void> {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`bg-removal:${accountId}`}))`);
  }

  /** Removals of the account not ended yet: each will count once it is done. */
  async inFlight(accountId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(backgroundRemovals)
      .where(
        and(
          eq(backgroundRemovals.accountId, accountId),
          inArray(backgroundRemovals.status, ['queued', 'running']),
        ),
      );
    return row?.n ?? 0;
  }

  async insert(row: NewBackgroundRemovalRow, db: Db = this.db): Promise<BackgroundRemovalRow> {
    const [created] = await db.insert(backgroundRemovals).values(row).returning();
    return created!;
  }

  async findById(accountId: string, id: string): Promise<BackgroundRemovalRow | null> {
    const [row] = await this.db
      .select()
      .from(backgroundRemovals)
      .where(and(eq(backgroundRemovals.accountId, accountId), eq(backgroundRemovals.id, id)));
    return row ?? null;
  }

  /** For the job, which runs outside any request. */
  async findForJob(id: string): Promise<BackgroundRemovalRow | null> {
    const [row] = await this.db
      .select()
      .from(backgroundRemovals)
      .where(eq(backgroundRemovals.id, id));
    return row ?? null;
  }

  /**
   * Takes a removal for one worker: a queued one, or a running one whose worker's lease ran
   * out. Null when it has ended, is held by a live worker, or is gone.
   */
  async take(id: string, owner: string, leaseMs: number): Promise<BackgroundRemovalRow | null> {
    const leaseUntil = new Date(Date.now() + leaseMs);
    const [row] = await this.db
      .update(backgroundRemovals)
      .set({
        status: 'running',
        progress: 5,
        leaseOwner: owner,
        leaseExpiresAt: leaseUntil,
        attempts: sql`${backgroundRemovals.attempts} + 1`,
        startedAt: sql`coalesce(${backgroundRemovals.startedAt}, now())`,
      })
      .where(
        and(
          eq(backgroundRemovals.id, id),
          or(
            eq(backgroundRemovals.status, 'queued'),
            and(
              eq(backgroundRemovals.status, 'running'),
              leaseLapsed(backgroundRemovals, new Date()),
            ),
          ),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** Saves the progress and renews the lease; false when the worker no longer holds it. */
  async progress(id: string, owner: string, progress: number, leaseMs: number): Promise<boolean> {
    const rows = await this.db
      .update(backgroundRemovals)
      .set({ progress, leaseExpiresAt: new Date(Date.now() + leaseMs) })
      .where(and(eq(backgroundRemovals.id, id), heldBy(backgroundRemovals, owner)))
      .returning({ id: backgroundRemovals.id });
    return rows.length > 0;
  }

  /**
   * Marks the removal done with its result, in `tx`; answers whether this call ended it (and
   * it was not counted yet), so the caller counts it in the same transaction, once.
   */
  async finish(
    tx: Db,
    id: string,
    owner: string,
    result: { resultKey: string; contentType: string; width: number; height: number },
  ): Promise<BackgroundRemovalRow | null> {
    const [row] = await tx
      .update(backgroundRemovals)
      .set({
        status: 'done',
        progress: 100,
        resultKey: result.resultKey,
        resultContentType: result.contentType,
        width: result.width,
        height: result.height,
        counted: true,
        failure: null,
        error: null,
        ...NO_LEASE,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(backgroundRemovals.id, id),
          heldBy(backgroundRemovals, owner),
          eq(backgroundRemovals.counted, false),
        ),
      )
      .returning();
    return row ?? null;
  }

  /** A try that may go through later: back in the queue, with what went wrong. */
  async requeue(id: string, owner: string, error: string): Promise<void> {
    await this.db
      .update(backgroundRemovals)
      .set({ status: 'queued', ...NO_LEASE, error: error.slice(0, 500) })
      .where(and(eq(backgroundRemovals.id, id), eq(backgroundRemovals.leaseOwner, owner)));
  }

  async fail(id: string, failure: BackgroundRemovalFailure, error: string): Promise<void> {
    await this.db
      .update(backgroundRemovals)
      .set({
        status: 'failed',
        failure,
        error: error.slice(0, 500),
        ...NO_LEASE,
        finishedAt: new Date(),
      })
      .where(
        and(
          eq(backgroundRemovals.id, id),
          inArray(backgroundRemovals.status, ['queued', 'running']),
        ),
      );
  }

  async setKept(accountId: string, id: string, imageId: string): Promise<void> {
    await this.db
      .update(backgroundRemovals)
      .set({ keptImageId: imageId })
      .where(and(eq(backgroundRemovals.accountId, accountId), eq(backgroundRemovals.id, id)));
  }

  async delete(accountId: string, id: string): Promise<BackgroundRemovalRow | null> {
    const [row] = await this.db
      .delete(backgroundRemovals)
      .where(and(eq(backgroundRemovals.accountId, accountId), eq(backgroundRemovals.id, id)))
      .returning();
    return row ?? null;
  }

  /** Removals that ended before `before` (their files go with them). */
  async endedBefore(before: Date, limit: number): Promise<BackgroundRemovalRow[]> {
    return this.db
      .select()
      .from(backgroundRemovals)
      .where(
        and(isNotNull(backgroundRemovals.finishedAt), lt(backgroundRemovals.finishedAt, before)),
      )
      .limit(limit);
  }
}
