import { z } from 'zod';
import { defineJob } from '../../platform/queue/job';
import type { ShopifyMetafieldService } from './shopify-metafield.service';

/** Copies a connected store's metafield definitions (see ShopifyMetafieldService.runSync). */
export function syncShopifyMetafieldsJob(service: ShopifyMetafieldService) {
  return defineJob({
    name: 'shopify.metafields-sync',
    schema: z
      .object({ accountId: z.string().min(1).max(64), syncId: z.string().min(1).max(64) })
      .strict(),
    retryLimit: 5,
    retryDelaySeconds: 5,
    retryBackoff: true,
    handler: async ({ accountId, syncId }, { logger, retryCount }) =>
      service.runSync(accountId, syncId, logger, retryCount >= 5),
  });
}
