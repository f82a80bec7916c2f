import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { AuthRepository } from './auth.repository';

/**
 * Removes sessions and verification tokens past their expiry, hourly. Idempotent: a second run
 * finds nothing more to delete.
 */
export function purgeExpiredSessionsJob(
  repository: AuthRepository,
  now: () => Date = () => new Date(),
) {
  return defineJob({
    name: 'auth.purge-expired',
    schema: z.object({}).strict(),
    cron: '17 * * * *',
    retryLimit: 3,
    handler: async (_payload, { logger }) => {
      const purged = await repository.purgeExpired(now());
      if (purged.sessions + purged.verifications > 0)
        logger.info(purged, 'purged expired sessions');
    },
  });
}
