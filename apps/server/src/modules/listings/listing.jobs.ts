import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { Queue } from '../../platform/queue/queue';
import {
  LISTING_RETRY_DELAY_SECONDS,
  type EnqueueFirstAttempts,
  type EnqueueOperation,
} from './listing-context';
import type { JobLookup } from './listing-sweep.service';
import { jobIdOf } from './listing.messages';
import type { ListingService } from './listing.service';

export const LISTING_RETRY_LIMIT = 5;

/**
 * The jobs one worker takes at a time: a sale's delists on its other marketplaces are sent
 * together, fetched together and carried out together (ListingWorker.executeBatch), and a
 * fetch holds several sales' (four sales of four delists each). At 100 sales a second a
 * fetch of 8 held too few sales in flight for the benchmark's eight workers, each fetch
 * waiting on its marketplaces: p99 from sale to last delist was 1.1–7.9 s (median 3.6 s, nine
 * runs) against 0.5–3.8 s (median 1.7 s, eight runs) with 16 (decision 0070).
 */
export const LISTING_BATCH_SIZE = 16;

/**
 * Carries out one connector operation (list, delist or relist) of a source-group marketplace.
 * Transient errors retry with exponential backoff; a permanent one, or the last retry, ends in
 * list or delist failure with the marketplace's message. Idempotent: see ListingService.execute.
 * A worker takes up to LISTING_BATCH_SIZE of them at once and carries them out at once.
 */
export function executeListingJob(service: ListingService, concurrency: number) {
  return defineJob({
    name: 'listings.execute',
    schema: z
      .object({ operationId: z.string().min(1).max(64), accountId: z.string().min(1).max(64) })
      .strict(),
    retryLimit: LISTING_RETRY_LIMIT,
    retryDelaySeconds: LISTING_RETRY_DELAY_SECONDS,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    concurrency,
    batchSize: LISTING_BATCH_SIZE,
    handler: async (payload, { retryCount, logger }) =>
      service.execute(payload, { retryCount, retryLimit: LISTING_RETRY_LIMIT, logger }),
    batchHandler: async (runs) =>
      service.executeBatch(
        runs.map(({ payload, context: { retryCount, logger }, traced }) => ({
          payload,
          job: { retryCount, retryLimit: LISTING_RETRY_LIMIT, logger },
          traced,
        })),
      ),
  });
}

/** An operation's `listings.execute` job, as the sweep reads it. */
export function listingJobLookup(queue: Pick<Queue, 'getJob'>): JobLookup {
  return async (jobId) => {
    const job = await queue.getJob('listings.execute', jobId);
    return job ? { state: job.state, startedOn: job.startedOn ?? null } : null;
  };
}

/**
 * Every minute: sends again the connector operations no job will carry out (a process that
 * stopped between commit and send, or a worker that died holding one). See ListingService.sweep.
 */
export function sweepListingsJob(service: ListingService, queue: Pick<Queue, 'getJob'>) {
  const jobOf = listingJobLookup(queue);
  return defineJob({
    name: 'listings.sweep',
    schema: z.object({}).passthrough(),
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    cron: '* * * * *',
    handler: async (_payload, { logger }) => {
      const { resent, failed } = await service.sweep(jobOf, logger);
      if (resent > 0 || failed > 0) logger.info({ resent, failed }, 'listing sweep');
    },
  });
}

/**
 * How the engine sends an operation's `listings.execute` job through the queue's `send`: its
 * job id fixed by the operation and the attempt (jobIdOf), so a second send of one attempt is
 * no second job, and held back when a wait or a marketplace's Retry-After asks.
 */
export function enqueueListingOperation(
  send: (
    payload: { operationId: string; accountId: string },
    options: { id: string; startAfter?: number },
  ) => Promise<string | null>,
): EnqueueOperation {
  return (operationId, accountId, attempt, startAfterSeconds) =>
    send(
      { operationId, accountId },
      {
        id: jobIdOf(operationId, attempt),
        ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
      },
    );
}

/**
 * How the engine sends several operations' first jobs through the queue's `sendMany`: one
 * statement for all, each job's id fixed by its operation as `enqueueListingOperation` fixes it.
 */
export function enqueueFirstListingAttempts(
  sendMany: (
    jobs: { id: string; payload: { operationId: string; accountId: string } }[],
  ) => Promise<void>,
): EnqueueFirstAttempts {
  return (operations) =>
    sendMany(
      operations.map(({ operationId, accountId }) => ({
        id: jobIdOf(operationId, 0),
        payload: { operationId, accountId },
      })),
    );
}
