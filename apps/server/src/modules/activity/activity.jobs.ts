import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';

/** Once a day: entries older than the retention period are removed. */
export function pruneActivityJob(service: { prune(): Promise<number> }) {
  return defineJob({
    name: 'activity.prune',
    schema: z.object({}).strict(),
    cron: '43 3 * * *',
    retryLimit: 2,
    handler: async (_payload, { logger }) => {
      const pruned = await service.prune();
      if (pruned > 0) logger.info({ pruned }, 'pruned old activity entries');
    },
  });
}
