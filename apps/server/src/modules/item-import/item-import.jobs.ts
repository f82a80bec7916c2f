import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { ItemImportService } from './item-import.service';

const RETRY_LIMIT = 3;

/**
 * Imports the rows of a previewed CSV file. Idempotent: every batch is written together
 * with the import's progress, so a retry or a second run carries on after the last finished
 * batch, and a finished import is left alone.
 */
export function importItemsJob(service: ItemImportService) {
  return defineJob({
    name: 'items.import',
    schema: z
      .object({ importId: z.string().min(1).max(64), accountId: z.string().min(1).max(64) })
      .strict(),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    expireInSeconds: 60 * 60,
    handler: async (payload, { retryCount, logger }) =>
      service.run(payload, { retryCount, retryLimit: RETRY_LIMIT, logger }),
  });
}
