import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { ImageDerivatives } from './image.derivatives';

const RETRY_LIMIT = 3;

/**
 * Large and small versions of an uploaded photo (image.derivatives.ts). After the last retry
 * the image is marked failed with the reason, so the editor can say so instead of waiting.
 */
export function imageDerivativesJob(derivatives: ImageDerivatives) {
  return defineJob({
    name: 'images.derivatives',
    schema: z.object({ imageId: z.string().min(1).max(64) }).strict(),
    retryLimit: RETRY_LIMIT,
    retryDelaySeconds: 5,
    handler: async ({ imageId }, { retryCount, logger }) => {
      try {
        await derivatives.run(imageId);
      } catch (error) {
        if (retryCount >= RETRY_LIMIT) {
          const reason = error instanceof Error ? error.message : String(error);
          await derivatives.fail(imageId, reason);
          logger.warn({ err: error, imageId }, 'image derivatives failed for good');
        }
        throw error;
      }
    },
  });
}

/** Every ten minutes: uploads started more than an hour ago and never finished are removed. */
export function purgeExpiredUploadsJob(uploads: { purgeExpired(): Promise<number> }) {
  return defineJob({
    name: 'uploads.purge-expired',
    schema: z.object({}).strict(),
    cron: '*/10 * * * *',
    retryLimit: 1,
    handler: async (_payload, { logger }) => {
      const purged = await uploads.purgeExpired();
      if (purged > 0) logger.info({ purged }, 'removed expired uploads');
    },
  });
}
