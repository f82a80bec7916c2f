import { z } from 'zod';
import { MarketplaceIdSchema } from '@listloop/domain';
import { defineJob } from '../../platform/queue/job';
import type { MarketplaceAccountService } from './marketplace-account.service';

/**
 * After a seller connected a marketplace: eBay's seller setup, Shopify's webhook subscriptions.
 * Retried with backoff while the marketplace cannot be reached; idempotent.
 */
export function afterConnectJob(service: MarketplaceAccountService) {
  return defineJob({
    name: 'marketplaces.after-connect',
    schema: z.object({
      accountId: z.string().min(1),
      userId: z.string().min(1),
      connectionId: z.string().min(1),
      marketplace: MarketplaceIdSchema,
      appBaseUrl: z.string().min(1),
    }),
    retryLimit: 5,
    retryDelaySeconds: 10,
    handler: async (payload) => service.afterConnect(payload),
  });
}
