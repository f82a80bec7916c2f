import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { OAuthStateRepository } from './oauth-state.repository';

/**
 * Forgets OAuth authorizations that ended more than a day ago, hourly (used ones are kept that
 * long to answer a repeated callback clearly). Idempotent.
 */
export function purgeOAuthStatesJob(
  repository: OAuthStateRepository,
  now: () => number = () => Date.now(),
) {
  return defineJob({
    name: 'marketplace-auth.purge-states',
    schema: z.object({}).strict(),
    cron: '23 * * * *',
    retryLimit: 3,
    handler: async (_payload, { logger }) => {
      const purged = await repository.purgeExpired(new Date(now() - 24 * 60 * 60_000));
      if (purged > 0) logger.info({ purged }, 'purged expired OAuth states');
    },
  });
}
