import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { BulkActionService } from './bulk-action.service';

const Id = z.string().min(1).max(64);

/**
 * One batch of a bulk action run, then the job of the next batch (its id is the run's, the
 * batch's and the attempt's, so a batch is sent once). Idempotent: a batch already recorded, or
 * held by another worker, is left alone; see BulkActionService.runBatch.
 */
export function bulkActionBatchJob(service: BulkActionService) {
  return defineJob({
    name: 'bulk-actions.batch',
    schema: z
      .object({
        runId: Id,
        accountId: Id,
        batch: z.number().int().min(0),
        attempt: z.number().int().min(0),
      })
      .strict(),
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    // Two runs move on at once; the batches of one run always follow each other.
    concurrency: 2,
    handler: async (payload, { logger }) => service.runBatch(payload, { logger }),
  });
}

/**
 * Every minute: sends again the runs no job is carrying on (a process stopped between recording
 * a batch and sending the next, or a worker died holding one). See BulkActionService.sweep.
 */
export function sweepBulkActionsJob(service: BulkActionService) {
  return defineJob({
    name: 'bulk-actions.sweep',
    schema: z.object({}).passthrough(),
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    cron: '* * * * *',
    handler: async (_payload, { logger }) => {
      const { resent, ended } = await service.sweep(logger);
      if (resent > 0 || ended > 0) logger.info({ resent, ended }, 'bulk action sweep');
    },
  });
}
