import type { Logger } from 'pino';
import { listingActor, listingStateOf, type MarketplaceId } from '@listloop/domain';
import type { ListingChanges } from './listing-changes';
import type { ListingEngine } from './listing-context';
import { jobIdOf } from './listing.messages';
import type { ListingOperationRow } from './listing.repository';

/** An operation's pg-boss job as the sweep reads it: its state and when a worker started it. */
export type JobLookup = (
  jobId: string,
) => Promise<{ state: string; startedOn: Date | null } | null>;

/** How long a queued operation whose job ended without running it is left before it is resent. */
const ENDED_JOB_GRACE_MS = 20 * 60_000;

/**
 * The `listings.sweep` job's rule: connector operations no job will carry out are sent again,
 * and one that keeps crashing its worker is given up.
 */
export class ListingSweep {
  constructor(
    private readonly engine: ListingEngine,
    private readonly changes: ListingChanges,
  ) {}

  /**
   * The `listings.sweep` job: connector operations that no job will carry out are sent again:
   * queued ones whose job was never sent (a stop between the commit and the send), whose job
   * has ended without running them, or whose job a worker started and died before taking them;
   * and running ones whose worker died (lease run out). One that has crashed its worker
   * `maxAttempts` times ends in failure instead of looping.
   */
  async sweep(jobOf: JobLookup, logger: Logger): Promise<{ resent: number; failed: number }> {
    const now = this.engine.now();
    const stranded = await this.engine.listings.stranded({
      sentBefore: new Date(now - 15_000),
      staleBefore: new Date(now - this.engine.leaseMs),
      now: new Date(now),
      limit: 500,
    });
    let resent = 0;
    let failed = 0;
    for (const op of stranded) {
      if (op.status === 'queued' && !(await this.jobWillNotRun(op, jobOf, now))) continue;
      const marketplace = op.marketplace as MarketplaceId;
      if (op.attempts >= this.engine.maxAttempts) {
        const reason = `ListLoop stopped after ${op.attempts} attempts that did not finish. Try again.`;
        if (op.operation === 'update') {
          await this.changes.updateOutcome(
            op,
            { type: 'update_failure', reason },
            listingActor.system,
          );
          failed += 1;
          continue;
        }
        const key = { accountId: op.accountId, userId: op.userId, itemId: op.itemId };
        const row = await this.engine.items.findRecord(op.accountId, op.userId, op.itemId);
        const state = listingStateOf(
          (row?.listings[marketplace] ?? null) as Record<string, unknown> | null,
        );
        const failure = state.pendingOperation === 'list' ? 'list_failure' : 'delist_failure';
        await this.changes.outcome(
          key,
          marketplace,
          { type: failure, reason },
          listingActor.system,
        );
        await this.engine.listings.finishActive(
          op.accountId,
          op.itemId,
          [marketplace],
          'failed',
          null,
        );
        failed += 1;
        continue;
      }
      const jobId = await this.engine.enqueue(op.id, op.accountId, op.attempts + 1);
      await this.engine.listings.update(op.accountId, op.id, {
        ...(op.status === 'running'
          ? { status: 'queued' as const, leaseOwner: null, leaseExpiresAt: null }
          : {}),
        ...(jobId ? { jobId } : {}),
      });
      logger.info({ operationId: op.id, status: op.status }, 'listing operation sent again');
      resent += 1;
    }
    return { resent, failed };
  }

  /**
   * Whether the job of a queued operation (untouched for a lease, or sent 15 s ago) will never
   * carry it out. Its first job's id is its own (jobIdOf); `jobId` names a job sent later.
   */
  private async jobWillNotRun(
    op: ListingOperationRow,
    jobOf: JobLookup,
    now: number,
  ): Promise<boolean> {
    const job = await jobOf(op.jobId ?? jobIdOf(op.id, 0));
    // Never sent: the process stopped between the commit and the send.
    if (job === null && op.jobId === null) return true;
    if (job?.state === 'created' || job?.state === 'retry') return false;
    if (job?.state === 'active') {
      // A worker takes the operation (its lease) the moment it starts the job, so a job active
      // for a whole lease with its operation still queued belongs to a worker that died in
      // between (a SIGKILL mid-load): pg-boss would give it back only when it expires.
      return job.startedOn !== null && job.startedOn.getTime() < now - this.engine.leaseMs;
    }
    return op.updatedAt.getTime() < now - ENDED_JOB_GRACE_MS;
  }
}
