import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import {
  BACKGROUND_REMOVAL_JOB,
  type BackgroundRemovalService,
} from './background-removal.service';

const Id = z.string().min(1).max(64);
const RETRY_LIMIT = 2;

/**
 * Removes one picture's background (BackgroundRemovalService.run). Idempotent: a removal that
 * ended, or is held by a live worker, is left alone, and the usage counter rises only with the
 * update that marks it done. One at a time per process: the model takes a whole core and more
 * than a gigabyte.
 */
export function backgroundRemovalJob(service: BackgroundRemovalService) {
  return defineJob({
    name: BACKGROUND_REMOVAL_JOB,
    schema: z.object({ removalId: Id, accountId: Id }).strict(),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    // A worker that died mid-picture leaves the job active this long; then it runs again.
    expireInSeconds: 10 * 60,
    concurrency: 1,
    handler: async (payload, { retryCount, logger }) =>
      service.run(payload, { retryCount, retryLimit: RETRY_LIMIT, logger }),
  });
}

/** Every hour: removals ended more than a day ago go, with their pictures. */
export function pruneBackgroundRemovalsJob(service: BackgroundRemovalService) {
  return defineJob({
    name: 'background-removal.prune',
    schema: z.object({}).passthrough(),
    retryLimit: 1,
    expireInSeconds: 15 * 60,
    cron: '41 * * * *',
    handler: async (_payload, { logger }) => {
      await service.prune(logger);
    },
  });
}
