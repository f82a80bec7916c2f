import type { Logger } from 'pino';
import {
  MARKETPLACE_NAMES,
  listingActor,
  listingStateOf,
  type MarketplaceId,
} from '@listloop/domain';
import { toItem } from '../items';
import { ConnectorError } from '../../connectors/contract';
import type { ListingChanges } from './listing-changes';
import { sentPatch, soldOut, type ItemKey, type ListingEngine } from './listing-context';
import { notConnectedReason, problemsMessage } from './listing.messages';
import type { ListingOperationRow } from './listing.repository';

/** How long a delist or relist waits before it looks again at an update being sent. */
const UPDATE_WAIT_SECONDS = 2;

/** What a job run tells the worker: its retries so far and allowed, and where it logs. */
type JobRun = { retryCount: number; retryLimit: number; logger: Logger };

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
   * The `listings.execute` job: carries out one connector operation. It first takes the
   * operation under a lease it renews while the marketplace answers; an operation finished, or
   * held by a live worker, is left alone, so a duplicate or late job never lists twice. A worker
   * that dies leaves its lease to run out, and the sweeper sends the operation again.
   */
  async execute(payload: { operationId: string; accountId: string }, job: JobRun): Promise<void> {
    const { operationId, accountId } = payload;
    const op = await this.engine.listings.takeForWorker({
      accountId,
      id: operationId,
      owner: this.engine.workerId,
      now: new Date(this.engine.now()),
      leaseExpiresAt: new Date(this.engine.now() + this.engine.leaseMs),
    });
    if (!op) return;
    this.held.set(op.id, accountId);
    const renew = setInterval(
      () => {
        const until = new Date(this.engine.now() + this.engine.leaseMs);
        this.engine.listings
          .renewLease(accountId, op.id, this.engine.workerId, until)
          .catch((error: unknown) =>
            job.logger.warn({ err: error, operationId }, 'could not renew the listing lease'),
          );
      },
      Math.max(1000, Math.floor(this.engine.leaseMs / 3)),
    );
    try {
      await this.carryOut(op, job);
    } finally {
      clearInterval(renew);
      this.held.delete(op.id);
    }
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
      const { active, updateUntil } = await this.engine.listings.activeAndUpdateUnderWay(
        accountId,
        op.itemId,
        marketplace,
        new Date(this.engine.now()),
      );
      if (state.status !== 'queued' || !active || active.id !== op.id) {
        if (active?.id === op.id) {
          const ended = await this.engine.listings.finishActive(
            accountId,
            op.itemId,
            marketplace,
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
