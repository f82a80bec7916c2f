import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { BulkActionItemStatus, BulkActionRunStatus } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { bulkActionRunItems, bulkActionRuns } from './bulk-action.table';

export type BulkActionRunRow = typeof bulkActionRuns.$inferSelect;
export type NewBulkActionRunRow = typeof bulkActionRuns.$inferInsert;
export type BulkActionRunItemRow = typeof bulkActionRunItems.$inferSelect;

export interface ItemOutcome {
  itemId: string;
  title: string;
  status: BulkActionItemStatus;
  message: string | null;
}

const ACTIVE: BulkActionRunStatus[] = ['queued', 'running', 'cancelling'];
const FINAL: BulkActionRunStatus[] = ['cancelled', 'done', 'failed'];
/** Outcome rows written per statement (7 parameters each). */
const OUTCOME_ROWS_PER_INSERT = 1000;

/** Runs belong to an account; every query names it. */
export class BulkActionRepository {
  constructor(private readonly db: Db) {}

  /** A new run with the outcomes known at the start (ids that named no item), in one go. */
  async create(row: NewBulkActionRunRow, outcomes: ItemOutcome[]): Promise<BulkActionRunRow> {
    return this.db.transaction(async (tx) => {
      const [created] = await tx.insert(bulkActionRuns).values(row).returning();
      if (!created) throw new Error('The bulk action run was not created');
      const start = created.itemIds.length;
      await this.insertOutcomes(tx, created, start, outcomes);
      return created;
    });
  }

  async find(
    accountId: string,
    id: string,
    options: { forUpdate?: boolean; db?: Db } = {},
  ): Promise<BulkActionRunRow | null> {
    const query = (options.db ?? this.db)
      .select()
      .from(bulkActionRuns)
      .where(and(eq(bulkActionRuns.accountId, accountId), eq(bulkActionRuns.id, id)));
    const [row] = options.forUpdate ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The user's latest runs in the account, newest first. */
  async listOfUser(
    accountId: string,
    userId: string,
    options: { activeOnly: boolean; limit: number },
  ): Promise<BulkActionRunRow[]> {
    return this.db
      .select()
      .from(bulkActionRuns)
      .where(
        and(
          eq(bulkActionRuns.accountId, accountId),
          eq(bulkActionRuns.userId, userId),
          ...(options.activeOnly ? [inArray(bulkActionRuns.status, ACTIVE)] : []),
        ),
      )
      .orderBy(desc(bulkActionRuns.createdAt), desc(bulkActionRuns.id))
      .limit(options.limit);
  }

  /** The ids of the next `size` items of the frozen selection, from the run's position. */
  async nextItemIds(run: BulkActionRunRow, size: number): Promise<string[]> {
    const from = run.position + 1;
    const to = run.position + size;
    const result = await this.db.execute(sql`
      SELECT item_ids[${from}:${to}] AS ids FROM bulk_action_runs
      WHERE account_id = ${run.accountId} AND id = ${run.id}`);
    const [row] = (result as { rows: { ids: string[] | null }[] }).rows;
    return row?.ids ?? [];
  }

  /**
   * Takes the run for one batch: only when nobody holds it (or their lease ran out) and the run
   * is still at `batch`. Null when another worker has it or the batch is no longer the next.
   */
  async takeLease(input: {
    accountId: string;
    id: string;
    batch: number;
    owner: string;
    now: Date;
    until: Date;
  }): Promise<BulkActionRunRow | null> {
    const [row] = await this.db
      .update(bulkActionRuns)
      .set({ leaseOwner: input.owner, leaseExpiresAt: input.until })
      .where(
        and(
          eq(bulkActionRuns.accountId, input.accountId),
          eq(bulkActionRuns.id, input.id),
          eq(bulkActionRuns.batchesDone, input.batch),
          inArray(bulkActionRuns.status, ACTIVE),
          or(isNull(bulkActionRuns.leaseExpiresAt), lt(bulkActionRuns.leaseExpiresAt, input.now)),
        ),
      )
      .returning();
    return row ?? null;
  }

  async renewLease(accountId: string, id: string, owner: string, until: Date): Promise<void> {
    await this.db
      .update(bulkActionRuns)
      .set({ leaseExpiresAt: until })
      .where(
        and(
          eq(bulkActionRuns.accountId, accountId),
          eq(bulkActionRuns.id, id),
          eq(bulkActionRuns.leaseOwner, owner),
        ),
      );
  }

  async releaseLease(accountId: string, id: string, owner: string): Promise<void> {
    await this.db
      .update(bulkActionRuns)
      .set({ leaseOwner: null, leaseExpiresAt: null })
      .where(
        and(
          eq(bulkActionRuns.accountId, accountId),
          eq(bulkActionRuns.id, id),
          eq(bulkActionRuns.leaseOwner, owner),
        ),
      );
  }

  /** A queued run starts running (its first batch has begun). */
  async markRunning(accountId: string, id: string, now: Date): Promise<void> {
    await this.db
      .update(bulkActionRuns)
      .set({ status: 'running', startedAt: now })
      .where(
        and(
          eq(bulkActionRuns.accountId, accountId),
          eq(bulkActionRuns.id, id),
          eq(bulkActionRuns.status, 'queued'),
        ),
      );
  }

  /**
   * Ends a run that has not ended yet. `stalledBefore` (the sweeper's case; a worker ends the
   * run it holds itself): only when no worker holds it and it has not moved since then, so a
   * run a worker took and moved on after the sweeper read it is left alone. Null when it had
   * ended, or is held, or moved.
   */
  async end(
    run: Pick<BulkActionRunRow, 'accountId' | 'id'>,
    status: 'cancelled' | 'failed',
    reason: string | null,
    now: Date,
    options: { stalledBefore?: Date } = {},
  ): Promise<BulkActionRunRow | null> {
    const [row] = await this.db
      .update(bulkActionRuns)
      .set({
        status,
        failureReason: reason,
        finishedAt: now,
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(
        and(
          eq(bulkActionRuns.accountId, run.accountId),
          eq(bulkActionRuns.id, run.id),
          inArray(bulkActionRuns.status, ACTIVE),
          ...(options.stalledBefore
            ? [
                or(isNull(bulkActionRuns.leaseExpiresAt), lt(bulkActionRuns.leaseExpiresAt, now)),
                lt(bulkActionRuns.updatedAt, options.stalledBefore),
              ]
            : []),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * A cancel: a run a worker holds now becomes `cancelling` (the worker ends it after its
   * batch); one nobody holds is cancelled at once. Null when the run has already ended.
   */
  async requestCancel(accountId: string, id: string, now: Date): Promise<BulkActionRunRow | null> {
    return this.db.transaction(async (tx) => {
      const run = await this.find(accountId, id, { forUpdate: true, db: tx });
      if (!run || FINAL.includes(run.status)) return null;
      if (run.status === 'cancelling') return run;
      const held = run.leaseExpiresAt !== null && run.leaseExpiresAt.getTime() > now.getTime();
      const [row] = await tx
        .update(bulkActionRuns)
        .set(
          held
            ? { status: 'cancelling' }
            : { status: 'cancelled', finishedAt: now, leaseOwner: null, leaseExpiresAt: null },
        )
        .where(and(eq(bulkActionRuns.accountId, accountId), eq(bulkActionRuns.id, id)))
        .returning();
      return row ?? null;
    });
  }

  /**
   * The sweeper's resend of a stalled run: its attempt moves on, unless someone took it or it
   * moved since `stalledBefore`.
   */
  async bumpAttempt(
    run: BulkActionRunRow,
    now: Date,
    stalledBefore: Date,
  ): Promise<BulkActionRunRow | null> {
    const [row] = await this.db
      .update(bulkActionRuns)
      .set({ attempt: sql`${bulkActionRuns.attempt} + 1` })
      .where(
        and(
          eq(bulkActionRuns.accountId, run.accountId),
          eq(bulkActionRuns.id, run.id),
          eq(bulkActionRuns.attempt, run.attempt),
          inArray(bulkActionRuns.status, ACTIVE),
          or(isNull(bulkActionRuns.leaseExpiresAt), lt(bulkActionRuns.leaseExpiresAt, now)),
          lt(bulkActionRuns.updatedAt, stalledBefore),
        ),
      )
      .returning();
    return row ?? null;
  }

  /**
   * Writes one batch's outcomes and moves the run past it, in one transaction with the run
   * locked: an item that already has an outcome keeps it (a batch done twice counts once).
   * `finish` decides the run's status from the run as it is now (a cancel may have come in).
   * Null when the run moved on meanwhile (another worker recorded this batch).
   */
  async recordBatch(input: {
    accountId: string;
    id: string;
    batch: number;
    outcomes: ItemOutcome[];
    size: number;
    finish: (run: BulkActionRunRow, position: number) => BulkActionRunStatus;
    now: Date;
  }): Promise<BulkActionRunRow | null> {
    return this.db.transaction(async (tx) => {
      const run = await this.find(input.accountId, input.id, { forUpdate: true, db: tx });
      if (!run || run.batchesDone !== input.batch) return null;
      const inserted = await this.insertOutcomes(tx, run, run.position, input.outcomes);
      const tally = (status: BulkActionItemStatus) =>
        inserted.filter((o) => o.status === status).length;
      const position = Math.min(run.position + input.size, run.itemIds.length);
      // A run the sweeper ended meanwhile keeps its end; the outcomes above happened all the same.
      const status = FINAL.includes(run.status) ? run.status : input.finish(run, position);
      const finished = FINAL.includes(status) && !FINAL.includes(run.status);
      const [updated] = await tx
        .update(bulkActionRuns)
        .set({
          done: sql`${bulkActionRuns.done} + ${tally('done')}`,
          failed: sql`${bulkActionRuns.failed} + ${tally('failed')}`,
          skipped: sql`${bulkActionRuns.skipped} + ${tally('skipped')}`,
          position,
          batchesDone: sql`${bulkActionRuns.batchesDone} + 1`,
          // The sweeper gives a run up after so many resends that did not move it; one that
          // moved starts that count again (the next job's id has a new batch number).
          attempt: 0,
          status,
          leaseOwner: null,
          leaseExpiresAt: null,
          ...(finished ? { finishedAt: input.now } : {}),
        })
        .where(and(eq(bulkActionRuns.accountId, input.accountId), eq(bulkActionRuns.id, input.id)))
        .returning();
      return updated ?? null;
    });
  }

  /** Outcomes in selection order, placed after `start`; answers those newly written. */
  private async insertOutcomes(
    db: Db,
    run: Pick<BulkActionRunRow, 'id' | 'accountId'>,
    start: number,
    outcomes: readonly ItemOutcome[],
  ): Promise<ItemOutcome[]> {
    const inserted: ItemOutcome[] = [];
    // A run may start with up to 10,000 ids that name no item: in one statement their
    // parameters would pass Postgres's limit of 65,535.
    for (let from = 0; from < outcomes.length; from += OUTCOME_ROWS_PER_INSERT) {
      const rows = await db
        .insert(bulkActionRunItems)
        .values(
          outcomes.slice(from, from + OUTCOME_ROWS_PER_INSERT).map((outcome, index) => ({
            runId: run.id,
            accountId: run.accountId,
            position: start + from + index,
            itemId: outcome.itemId,
            title: outcome.title.slice(0, 500),
            status: outcome.status,
            message: outcome.message?.slice(0, 2000) ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning();
      for (const row of rows) {
        inserted.push({
          itemId: row.itemId,
          title: row.title,
          status: row.status,
          message: row.message,
        });
      }
    }
    return inserted;
  }

  /** The item ids among `itemIds` that already have an outcome in the run. */
  async withOutcome(runId: string, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const rows = await this.db
      .select({ itemId: bulkActionRunItems.itemId })
      .from(bulkActionRunItems)
      .where(
        and(eq(bulkActionRunItems.runId, runId), inArray(bulkActionRunItems.itemId, [...itemIds])),
      );
    return new Set(rows.map((row) => row.itemId));
  }

  /** The first failures of each run, in selection order. */
  async failuresOf(
    accountId: string,
    runIds: readonly string[],
    perRun: number,
  ): Promise<Map<string, BulkActionRunItemRow[]>> {
    const out = new Map<string, BulkActionRunItemRow[]>();
    if (runIds.length === 0) return out;
    const ranked = this.db
      .select({
        runId: bulkActionRunItems.runId,
        accountId: bulkActionRunItems.accountId,
        position: bulkActionRunItems.position,
        itemId: bulkActionRunItems.itemId,
        title: bulkActionRunItems.title,
        status: bulkActionRunItems.status,
        message: bulkActionRunItems.message,
        createdAt: bulkActionRunItems.createdAt,
        rank: sql<number>`row_number() over (partition by ${bulkActionRunItems.runId} order by ${bulkActionRunItems.position})`.as(
          'rank',
        ),
      })
      .from(bulkActionRunItems)
      .where(
        and(
          eq(bulkActionRunItems.accountId, accountId),
          inArray(bulkActionRunItems.runId, [...runIds]),
          eq(bulkActionRunItems.status, 'failed'),
        ),
      )
      .as('ranked');
    const rows = await this.db
      .select()
      .from(ranked)
      .where(sql`${ranked.rank} <= ${perRun}`)
      .orderBy(ranked.runId, ranked.position);
    for (const row of rows) {
      const { rank: _rank, ...item } = row;
      const list = out.get(row.runId) ?? [];
      list.push(item as BulkActionRunItemRow);
      out.set(row.runId, list);
    }
    return out;
  }

  /** A page of a run's outcomes in selection order, and how many match. */
  async outcomes(
    accountId: string,
    runId: string,
    options: { status?: BulkActionItemStatus; offset: number; limit: number },
  ): Promise<{ rows: BulkActionRunItemRow[]; total: number }> {
    const where = and(
      eq(bulkActionRunItems.accountId, accountId),
      eq(bulkActionRunItems.runId, runId),
      ...(options.status ? [eq(bulkActionRunItems.status, options.status)] : []),
    );
    const [rows, [counted]] = await Promise.all([
      this.db
        .select()
        .from(bulkActionRunItems)
        .where(where)
        .orderBy(asc(bulkActionRunItems.position))
        .offset(options.offset)
        .limit(options.limit),
      this.db.select({ n: count() }).from(bulkActionRunItems).where(where),
    ]);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /**
   * Runs not finished that nobody works on: no live lease and no change since `quietBefore`
   * (the job that should carry them on was lost to a crash, or its worker died).
   */
  async stalled(input: { now: Date; quietBefore: Date; limit: number }) {
    return this.db
      .select()
      .from(bulkActionRuns)
      .where(
        and(
          inArray(bulkActionRuns.status, ACTIVE),
          lt(bulkActionRuns.updatedAt, input.quietBefore),
          or(isNull(bulkActionRuns.leaseExpiresAt), lt(bulkActionRuns.leaseExpiresAt, input.now)),
        ),
      )
      .orderBy(asc(bulkActionRuns.updatedAt))
      .limit(input.limit);
  }
}
