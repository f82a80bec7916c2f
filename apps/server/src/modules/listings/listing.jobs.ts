import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { ListingService } from './listing.service';

export const LISTING_RETRY_LIMIT = 5;

/**
 * Carries out one connector operation (list, delist or relist) of a source-group marketplace.
 * Transient errors retry with exponential backoff; a permanent one, or the last retry, ends in
 * list or delist failure with the marketplace's message. Idempotent: see ListingService.execute.
 */
export function executeListingJob(service: ListingService) {
  return defineJob({
    name: 'listings.execute',
    schema: z
      .object({ operationId: z.string().min(1).max(64), accountId: z.string().min(1).max(64) })
      .strict(),
    retryLimit: LISTING_RETRY_LIMIT,
    retryDelaySeconds: 1,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
    handler: async (payload, { retryCount, logger }) =>
      service.execute(payload, { retryCount, retryLimit: LISTING_RETRY_LIMIT, logger }),
  });
}
