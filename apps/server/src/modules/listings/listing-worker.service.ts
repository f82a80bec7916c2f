import type { Logger } from 'pino';
import {
  MARKETPLACE_NAMES,
  listingActor,
  listingStateOf,
  type MarketplaceId,
} from '@listloop/domain';
import { toItem, type ItemRecord } from '../items';
import { groupBy } from '../../platform/group-by';
import { ConnectorError } from '../../connectors/contract';
import type { ListingChanges } from './listing-changes';
import {
  listingRetryDelaySeconds,
  sentPatch,
  soldOut,
  type ItemKey,
  type ListingEngine,
} from './listing-context';
import { notConnectedReason, problemsMessage } from './listing.messages';
import type { ListingOperationRow, UnderWay } from './listing.repository';

/** Who confirmed a delist: the connector of its marketplace. */
const byOf = (taken: Taken) => listingActor.connector(taken.op.marketplace as MarketplaceId);

/** The item an operation is on. */
const keyOf = (op: ListingOperationRow): ItemKey => ({
  accountId: op.accountId,
  userId: op.userId,
  itemId: op.itemId,
});

/** How long a delist or relist waits before it looks again at an update being sent. */
const UPDATE_WAIT_SECONDS = 2;

/** What a job run tells the worker: its retries so far and allowed, and where it logs. */
type JobRun = { retryCount: number; retryLimit: number; logger: Logger };

/** A `listings.execute` job's payload: the operation to carry out, and its account. */
type ExecutePayload = { operationId: string; accountId: string };

/** One job of a fetch: its payload, its run, and how to run work inside its trace. */
export interface ExecuteRun {
  payload: ExecutePayload;
  job: JobRun;
  traced<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * An operation this worker took under its lease, with the job run that carries it out: the
 * fetch's run of its own job (`index`), or, for a delist taken with its item's others, the run
 * of the job that took it (`index` null: no job of this fetch is its own).
 */
interface Taken {
  op: ListingOperationRow;
  run: ExecuteRun;
  index: number | null;
}

/**
 * The worker that carries connector operations out: the `listings.execute` job (list, delist,
 * relist, update) under a lease, its retries and failures, and a quantity pushed to a live
 * listing after a sale.
 */
export class ListingWorker {
  /** The operations this process holds under its lease now, by id (their accounts). */
  private readonly held = new Map<string, string>();

  constructor(
    private readonly engine: ListingEngine,
    private readonly changes: ListingChanges,
  ) {}

  /**
   * Sets the item's quantity on its live listing of an API marketplace (after a sale elsewhere
   * left units): the connector's absolute set, so running it twice does no harm. Answers what
   * happened; a transient marketplace error is thrown for the job to retry.
   */
  async pushQuantity(
    accountId: string,
    userId: string,
    itemId: string,
    marketplace: MarketplaceId,
  ): Promise<'updated' | 'not_live' | 'no_connector'> {
    const connector = this.engine.connectors.get(marketplace);
    if (!connector) return 'no_connector';
    const row = await this.engine.items.findRecord(accountId, userId, itemId);
    const stored = (row?.listings[marketplace] ?? null) as Record<string, unknown> | null;
    const state = listingStateOf(stored);
    if (!row || state.status !== 'listed' || !state.listedID) return 'not_live';
    const item = toItem(row);
    const { listing: built } = await this.engine.builder.composeForConnector(
      accountId,
      item,
      marketplace,
    );
    await connector.updateQuantity({
      accountId,
      userId,
      item,
      listing: stored ?? {},
      built,
      listedID: state.listedID,
      quantity: row.generalDetails.quantity,
    });
    return 'updated';
  }

  /**
   * The `listings.execute` job: carries out one connector operation. See `executeBatch`; a
   * failure that asks for a retry is thrown.
   */
  async execute(payload: ExecutePayload, job: JobRun): Promise<void> {
    const [failure] = await this.executeBatch([{ payload, job, traced: (work) => work() }]);
    if (failure !== undefined) throw failure;
  }

  /**
   * The `listings.execute` jobs of one fetch, each carrying out one connector operation. The
   * operations are first taken under a lease (one statement per account) that is renewed while
   * the marketplaces answer; an operation finished, or held by a live worker, is left alone, so
   * a duplicate or late job never lists twice. A worker that dies leaves its leases to run out,
   * and the sweeper sends those operations again.
   *
   * The delists of one item (a sale's, on every other marketplace) go together: the item and
   * its operations are read once, the marketplaces are called at once, and what they answered
   * is recorded in one transaction, instead of each delist waiting on the item's lock in turn.
   * Anything else runs on its own. Answers, per run, the error that asks for its job's retry.
   */
  async executeBatch(runs: readonly ExecuteRun[]): Promise<(unknown | undefined)[]> {
    const failures: (unknown | undefined)[] = runs.map(() => undefined);
    const now = new Date(this.engine.now());
    const leaseExpiresAt = new Date(this.engine.now() + this.engine.leaseMs);
    const taken: Taken[] = [];
    for (const [accountId, indexes] of groupBy(runs.keys(), (n) => runs[n]!.payload.accountId)) {
      const ops = await this.engine.listings.takeForWorker({
        accountId,
        ids: indexes.map((n) => runs[n]!.payload.operationId),
        owner: this.engine.workerId,
        now,
        leaseExpiresAt,
      });
      for (const op of ops) {
        // Two jobs of one operation in one fetch: the first carries it out, the other is done.
        const index = indexes.find((n) => runs[n]!.payload.operationId === op.id)!;
        taken.push({ op, run: runs[index]!, index });
      }
    }
    if (taken.length === 0) return failures;
    taken.push(...(await this.takeItemsOtherDelists(taken, now, leaseExpiresAt)));
    for (const { op } of taken) this.held.set(op.id, op.accountId);
    const renew = setInterval(
      () => {
        const until = new Date(this.engine.now() + this.engine.leaseMs);
        for (const [accountId, held] of groupBy(taken, ({ op }) => op.accountId)) {
          const ids = held.map(({ op }) => op.id);
          this.engine.listings
            .renewLeases(accountId, ids, this.engine.workerId, until)
            .catch((error: unknown) =>
              held[0]!.run.job.logger.warn(
                { err: error, operationIds: ids },
                'could not renew the listing lease',
              ),
            );
        }
      },
      Math.max(1000, Math.floor(this.engine.leaseMs / 3)),
    );
    const fail = (taken: Taken) => async (error: unknown) => {
      if (taken.index !== null) failures[taken.index] = error;
      else await this.retryWithoutJob(taken, error);
    };
    try {
      const delists = taken.filter(({ op }) => op.operation === 'delist');
      const together = delists.length > 1 ? delists : [];
      const alone = taken.filter((one) => !together.includes(one));
      await Promise.all([
        ...alone.map((one) =>
          one.run.traced(() => this.carryOut(one.op, one.run.job)).catch(fail(one)),
        ),
        together.length > 0 ? this.delistTogether(together, fail) : null,
      ]);
    } finally {
      clearInterval(renew);
      for (const { op } of taken) this.held.delete(op.id);
    }
    return failures;
  }

  /**
   * The other delists of the items whose first try at a delist this fetch took (a sale's, sent
   * together), when no worker has tried them yet: a fetch may have split them, and the item's
   * delists are cheaper carried out and recorded together than by several workers each waiting
   * on the item's lock. Each runs under the run of a delist of its item that this fetch took.
   */
  private async takeItemsOtherDelists(
    taken: readonly Taken[],
    now: Date,
    leaseExpiresAt: Date,
  ): Promise<Taken[]> {
    const firstTries = taken.filter(({ op }) => op.operation === 'delist' && op.attempts === 1);
    const others: Taken[] = [];
    for (const [accountId, delists] of groupBy(firstTries, ({ op }) => op.accountId)) {
      const ops = await this.engine.listings.takeUntriedDelists({
        accountId,
        itemIds: [...new Set(delists.map(({ op }) => op.itemId))],
        exceptIds: taken.map(({ op }) => op.id),
        owner: this.engine.workerId,
        now,
        leaseExpiresAt,
      });
      for (const op of ops) {
        const { run } = delists.find((one) => one.op.itemId === op.itemId)!;
        others.push({ op, run, index: null });
      }
    }
    return others;
  }

  /**
   * A delist taken with its item's others failed in a way that asks for a retry: there is no
   * job of its own in this fetch to fail, so it goes back to the queue with a job of its own,
   * after the backoff its job would have had. If it was handed back already (a transient
   * marketplace error does that), the new job is all it needs.
   */
  private async retryWithoutJob({ op, run }: Taken, error: unknown): Promise<void> {
    run.job.logger.warn(
      { err: error, operationId: op.id },
      'listing operation taken with its item’s others failed; it is tried again on its own',
    );
    await this.engine.listings.releaseLease(op.accountId, op.id, this.engine.workerId);
    const jobId = await this.engine.enqueue(
      op.id,
      op.accountId,
      op.attempts + 1,
      listingRetryDelaySeconds(op.attempts),
    );
    if (jobId) await this.engine.listings.update(op.accountId, op.id, { jobId });
  }

  /**
   * The process is stopping and its jobs did not finish in time: every operation it still
   * holds goes back to queued with no lease, for the retry of its job (or the sweep) to carry
   * out at once rather than after the lease runs out. Answers how many were handed back. A
   * marketplace call still under way may yet land: its outcome is then recorded as any
   * worker's would be, and the operation it ends is not taken again.
   */
  async releaseHeld(): Promise<number> {
    let released = 0;
    for (const [id, accountId] of [...this.held]) {
      if (await this.engine.listings.releaseLease(accountId, id, this.engine.workerId))
        released += 1;
      this.held.delete(id);
    }
    return released;
  }

  private async carryOut(op: ListingOperationRow, job: JobRun): Promise<void> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const key: ItemKey = { accountId, userId: op.userId, itemId: op.itemId };
    const by = listingActor.connector(marketplace);
    const connector = this.engine.connectors.get(marketplace);
    if (op.operation === 'update') {
      await this.carryOutUpdate(op, job);
      return;
    }
    // Relist runs its delist half, then (state queued:list) its list half: at most two steps.
    for (let step = 0; step < 2; step += 1) {
      const row = await this.engine.items.findRecord(accountId, op.userId, op.itemId);
      if (!row) return;
      const stored = (row.listings[marketplace] ?? {}) as Record<string, unknown>;
      const state = listingStateOf(stored);
      const under = await this.engine.listings.activeAndUpdateUnderWay(
        accountId,
        op.itemId,
        [marketplace],
        new Date(this.engine.now()),
      );
      const { active, updateUntil } = under.get(marketplace)!;
      if (state.status !== 'queued' || !active || active.id !== op.id) {
        if (active?.id === op.id) {
          const ended = await this.engine.listings.finishActive(
            accountId,
            op.itemId,
            [marketplace],
            'canceled',
            null,
          );
          for (const { id, operation } of ended) {
            this.engine.onFinished({
              accountId,
              itemId: op.itemId,
              marketplace,
              operationId: id,
              operation,
              status: 'canceled',
            });
          }
        }
        return;
      }
      const listing = state.pendingOperation === 'list' ? 'list' : 'delist';
      const failure = listing === 'list' ? 'list_failure' : 'delist_failure';
      if (!connector) {
        await this.changes.outcome(
          key,
          marketplace,
          { type: failure, reason: notConnectedReason(marketplace) },
          by,
        );
        return;
      }
      const item = toItem(row);
      const input = { accountId, userId: op.userId, item, listing: stored };
      try {
        if (listing === 'list') {
          // Built now, with the same checks as at queue time: rules or the item may have
          // changed since. A delist sends nothing but the listing's id, so it builds nothing.
          const {
            listing: built,
            problems,
            digest,
          } = await this.engine.builder.composeForConnector(accountId, item, marketplace);
          if (problems.length > 0) {
            await this.changes.outcome(
              key,
              marketplace,
              { type: failure, reason: problemsMessage(marketplace, problems).slice(0, 2000) },
              by,
            );
            return;
          }
          const published = await this.call(op, 'publish', () =>
            connector.publish({ ...input, built }),
          );
          await this.changes.outcome(
            key,
            marketplace,
            {
              type: 'listed',
              listedID: published.listedID ?? null,
              listingURL: published.listingURL ?? null,
            },
            by,
            sentPatch(digest, published),
          );
          return;
        }
        // An update of this listing being sent now goes first: a delist that ran beside it
        // could be undone by it (the update puts the listing's quantity back).
        if (updateUntil) {
          await this.waitForUpdate(op, updateUntil);
          return;
        }
        await this.call(op, 'delist', () =>
          connector.delist({ ...input, listedID: state.listedID }),
        );
        await this.changes.outcome(key, marketplace, { type: 'delisted' }, by);
      } catch (error) {
        const reason = await this.afterError(op, job, error);
        if (reason === null) return;
        await this.changes.outcome(key, marketplace, { type: failure, reason }, by);
        return;
      }
    }
  }

  /**
   * The delists of one fetch, of one item or of many, taken together (see `executeBatch`).
   * The items and their operations are read once for all of them and each item's marketplaces
   * are called at once, in the trace of a job of that item. A delist that is not plainly due
   * now (the listing moved on, an update is being sent, no connector) runs on its own, as any
   * operation does. What the marketplaces confirmed is recorded in one transaction for every
   * item (`delistedMany`); if that fails (a listing moved on meanwhile), each item is recorded on
   * its own.
   */
  private async delistTogether(
    delists: readonly Taken[],
    fail: (taken: Taken) => (error: unknown) => Promise<void>,
  ): Promise<void> {
    const now = new Date(this.engine.now());
    const byItem = [...groupBy(delists, ({ op }) => `${op.accountId} ${op.itemId}`).values()];
    const rows = new Map<string, ItemRecord>();
    for (const group of groupBy(delists, ({ op }) => `${op.accountId} ${op.userId}`).values()) {
      const { accountId, userId } = group[0]!.op;
      const ids = [...new Set(group.map(({ op }) => op.itemId))];
      const found = await this.engine.items.findRecords(
        accountId,
        userId,
        { ids },
        { lock: false },
      );
      for (const row of found) rows.set(`${accountId} ${row.id}`, row);
    }
    const under = new Map<string, Map<string, UnderWay>>();
    for (const [accountId, items] of groupBy(byItem, (group) => group[0]!.op.accountId)) {
      const wanted = items.map((group) => ({
        itemId: group[0]!.op.itemId,
        marketplaces: group.map(({ op }) => op.marketplace),
      }));
      const found = await this.engine.listings.underWayOn(accountId, wanted, now);
      for (const [itemId, there] of found) under.set(`${accountId} ${itemId}`, there);
    }
    const alone: Promise<void>[] = [];
    const answered = await Promise.all(
      byItem.map((group) => {
        const { accountId, itemId } = group[0]!.op;
        const row = rows.get(`${accountId} ${itemId}`);
        if (!row) return [];
        const there = under.get(`${accountId} ${itemId}`)!;
        return group[0]!.run.traced(() => this.callDelists(group, row, there, alone, fail));
      }),
    );
    const confirmed = answered.map((one) => one.filter((call) => !('error' in call)));
    const entries = confirmed
      .filter((calls) => calls.length > 0)
      .map((calls) => ({ key: keyOf(calls[0]!.taken.op), delisted: calls.map((c) => c.taken) }));
    if (entries.length > 0) {
      try {
        await this.changes.delistedMany(
          entries.map(({ key, delisted }) => ({
            key,
            delisted: delisted.map((taken) => ({
              marketplace: taken.op.marketplace as MarketplaceId,
              by: byOf(taken),
            })),
          })),
        );
      } catch {
        // A listing moved on, an item was deleted, or the database failed: each item is recorded
        // on its own, so one item's refusal is not the others', and what still fails is retried.
        for (const { key, delisted } of entries) await this.recordDelisted(key, delisted, fail);
      }
    }
    for (const one of answered.flat()) {
      if (!('error' in one)) continue;
      const { op, run } = one.taken;
      try {
        const reason = await this.afterError(op, run.job, one.error);
        if (reason === null) continue;
        await this.changes.outcome(
          keyOf(op),
          op.marketplace as MarketplaceId,
          { type: 'delist_failure', reason },
          byOf(one.taken),
        );
      } catch (error) {
        await fail(one.taken)(error);
      }
    }
    await Promise.all(alone);
  }

  /**
   * One item's delists that are plainly due now, sent to their marketplaces at once; each of the
   * others is carried out on its own (added to `alone`). Answers each call's end.
   */
  private async callDelists(
    delists: readonly Taken[],
    row: ItemRecord,
    under: Map<string, UnderWay>,
    alone: Promise<void>[],
    fail: (taken: Taken) => (error: unknown) => Promise<void>,
  ): Promise<{ taken: Taken; error?: unknown }[]> {
    const item = toItem(row);
    const calls: Promise<{ taken: Taken; error?: unknown }>[] = [];
    for (const taken of delists) {
      const { op, run } = taken;
      const marketplace = op.marketplace as MarketplaceId;
      const stored = (row.listings[marketplace] ?? {}) as Record<string, unknown>;
      const state = listingStateOf(stored);
      const there = under.get(marketplace);
      const connector = this.engine.connectors.get(marketplace);
      if (
        !connector ||
        state.status !== 'queued' ||
        state.pendingOperation !== 'delist' ||
        there?.active?.id !== op.id ||
        there.updateUntil
      ) {
        alone.push(this.carryOut(op, run.job).catch(fail(taken)));
        continue;
      }
      const input = {
        accountId: op.accountId,
        userId: op.userId,
        item,
        listing: stored,
        listedID: state.listedID,
      };
      calls.push(
        this.call(op, 'delist', () => connector.delist(input)).then(
          () => ({ taken }),
          (error: unknown) => ({ taken, error }),
        ),
      );
    }
    return Promise.all(calls);
  }

  /**
   * One item's confirmed delists recorded in one change; if a listing moved on meanwhile, each
   * is recorded on its own, that one being ignored.
   */
  private async recordDelisted(
    key: ItemKey,
    delisted: readonly Taken[],
    fail: (taken: Taken) => (error: unknown) => Promise<void>,
  ): Promise<void> {
    try {
      try {
        await this.changes.change(
          key,
          delisted.map((taken) => ({
            marketplace: taken.op.marketplace as MarketplaceId,
            event: { type: 'delisted' } as const,
            by: byOf(taken),
          })),
          byOf(delisted[0]!),
        );
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode !== 409) throw error;
        for (const taken of delisted) {
          const marketplace = taken.op.marketplace as MarketplaceId;
          await this.changes.outcome(key, marketplace, { type: 'delisted' }, byOf(taken));
        }
      }
    } catch (error) {
      for (const taken of delisted) await fail(taken)(error);
    }
  }

  /**
   * A call to the marketplace, in a span of its own under the job's: a trace from a sale's
   * webhook ends in the delists it caused (decision 0062).
   */
  private call<T>(op: ListingOperationRow, what: string, work: () => Promise<T>): Promise<T> {
    return this.engine.tracing.inSpan(
      `${op.marketplace} ${what}`,
      {
        kind: 'client',
        attributes: {
          'listloop.marketplace': op.marketplace,
          'listloop.operation': what,
          'listloop.operation_id': op.id,
          'listloop.item_id': op.itemId,
        },
      },
      work,
    );
  }

  /**
   * A connector's error: put back in the queue for a retry (a new job after the marketplace's
   * Retry-After, or the job's own backoff, then it throws), or, on the last try or a permanent
   * refusal, the reason the operation failed, for the caller to record. Null when put back.
   */
  private async afterError(
    op: ListingOperationRow,
    job: JobRun,
    error: unknown,
  ): Promise<string | null> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const transient = !(error instanceof ConnectorError) || error.transient;
    const message = error instanceof Error ? error.message : String(error);
    // Every take counts one attempt, whether pg-boss retried the job or we sent a new one.
    const lastTry = !transient || op.attempts > job.retryLimit;
    job.logger.warn({ err: error, operationId: op.id, lastTry }, 'listing operation failed');
    const retryAfter = error instanceof ConnectorError ? error.retryAfterSeconds : null;
    if (!lastTry && retryAfter !== null) {
      // The marketplace said when to come back: a new job then, not pg-boss's backoff.
      await this.engine.listings.update(accountId, op.id, {
        status: 'queued',
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: message.slice(0, 2000),
      });
      const jobId = await this.engine.enqueue(op.id, accountId, op.attempts + 1, retryAfter);
      if (jobId) await this.engine.listings.update(accountId, op.id, { jobId });
      return null;
    }
    if (!lastTry) {
      // Back in the queue for the job's retry, which takes it again after its backoff.
      await this.engine.listings.update(accountId, op.id, {
        status: 'queued',
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: message.slice(0, 2000),
      });
      throw error;
    }
    const reason =
      error instanceof ConnectorError
        ? message
        : `ListLoop could not reach ${MARKETPLACE_NAMES[marketplace]}: ${message}`;
    return reason.slice(0, 2000) || 'Failed.';
  }

  /**
   * A delist or relist whose listing is being updated right now: back in the queue, looked at
   * again in a moment by a new job. The take does not count as an attempt: nothing was tried.
   */
  private async waitForUpdate(op: ListingOperationRow, until: Date): Promise<void> {
    const seconds = Math.max(
      1,
      Math.min(UPDATE_WAIT_SECONDS, Math.ceil((until.getTime() - this.engine.now()) / 1000)),
    );
    await this.engine.listings.update(op.accountId, op.id, {
      status: 'queued',
      leaseOwner: null,
      leaseExpiresAt: null,
      attempts: Math.max(0, op.attempts - 1),
    });
    const jobId = await this.engine.enqueue(
      op.id,
      op.accountId,
      `wait-${this.engine.now()}`,
      seconds,
    );
    if (jobId) await this.engine.listings.update(op.accountId, op.id, { jobId });
  }

  /**
   * The `listings.execute` job of an update: the listing as it is built now goes to the
   * marketplace through the connector's update, while the listing stays listed. A listing that
   * was sold, delisted, queued or marked not listed meanwhile (or whose item has no unit left)
   * is not updated: the operation ends canceled. Retries and failures as for any operation; a
   * failure leaves the listing live with the marketplace's reason in its history.
   */
  private async carryOutUpdate(op: ListingOperationRow, job: JobRun): Promise<void> {
    const { accountId } = op;
    const marketplace = op.marketplace as MarketplaceId;
    const by = listingActor.connector(marketplace);
    const row = await this.engine.items.findRecord(accountId, op.userId, op.itemId);
    const stored = (row?.listings[marketplace] ?? {}) as Record<string, unknown>;
    const state = listingStateOf(stored);
    if (!row || state.status !== 'listed' || soldOut(row)) {
      if (await this.engine.listings.finish(accountId, op.id, 'canceled', null)) {
        this.engine.onFinished({
          accountId,
          itemId: op.itemId,
          marketplace,
          operationId: op.id,
          operation: op.operation,
          status: 'canceled',
        });
      }
      return;
    }
    const fail = (reason: string) =>
      this.changes.updateOutcome(op, { type: 'update_failure', reason: reason.slice(0, 2000) }, by);
    const connector = this.engine.connectors.get(marketplace);
    if (!connector) {
      await fail(notConnectedReason(marketplace));
      return;
    }
    if (!state.listedID) {
      await fail(
        `ListLoop does not know this listing's id on ${MARKETPLACE_NAMES[marketplace]}, so it cannot update it: relist it instead.`,
      );
      return;
    }
    const item = toItem(row);
    try {
      const {
        listing: built,
        problems,
        digest,
      } = await this.engine.builder.composeForConnector(accountId, item, marketplace);
      if (problems.length > 0) {
        await fail(problemsMessage(marketplace, problems));
        return;
      }
      const listedID = state.listedID;
      const published = await this.call(op, 'update', () =>
        connector.update({
          accountId,
          userId: op.userId,
          item,
          listing: stored,
          built,
          listedID,
        }),
      );
      await this.changes.updateOutcome(op, { type: 'updated' }, by, sentPatch(digest, published));
    } catch (error) {
      const reason = await this.afterError(op, job, error);
      if (reason !== null) await fail(reason);
    }
  }
}
