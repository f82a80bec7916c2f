import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { MarketplaceImportService } from './marketplace-import.service';

const RETRY_LIMIT = 5;

/**
 * Imports one page of a connection's existing listings, then sends the job of the next (the
 * job id is the import's and the page's, so a page is sent once). Idempotent: each page is
 * written together with the cursor after it, so a retry carries on at the first unfinished
 * page, and a finished or failed import is left alone.
 */
export function importMarketplaceListingsJob(service: MarketplaceImportService) {
  return defineJob({
    name: 'marketplace.import',
    schema: z
      .object({
        importId: z.string().min(1).max(64),
        accountId: z.string().min(1).max(64),
        page: z.number().int().min(0),
        run: z.number().int().min(1),
      })
      .strict(),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 10,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    handler: async (payload, { retryCount, logger }) =>
      service.run(payload, { retryCount, retryLimit: RETRY_LIMIT, logger }),
  });
}
