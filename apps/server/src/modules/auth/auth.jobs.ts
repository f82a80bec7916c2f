import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { AuthRepository } from './auth.repository';
import type { SignInRepository } from './sign-in.repository';

/**
 * Removes sessions, verification tokens, sign-in counters and known devices past their expiry,
 * hourly. Idempotent: a second run
 * finds nothing more to delete.
 */
export function purgeExpiredSessionsJob(
  repository: AuthRepository,
  signIn: SignInRepository,
  now: () => Date = () => new Date(),
) {
  return defineJob({
    name: 'auth.purge-expired',
    schema: z.object({}).strict(),
    cron: '17 * * * *',
    retryLimit: 3,
    handler: async (_payload, { logger }) => {
      const at = now();
      const purged = { ...(await repository.purgeExpired(at)), ...(await signIn.purgeExpired(at)) };
      if (Object.values(purged).some((count) => count > 0))
        logger.info(purged, 'purged expired sessions');
    },
  });
}
