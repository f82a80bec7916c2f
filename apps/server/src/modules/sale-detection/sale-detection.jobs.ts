import type { MarketplaceId } from '@listloop/domain';
import { z } from 'zod';
import { defineJob, stableJobId, type SendJob } from '../../platform/queue/job';
import type { SalePollService } from './sale-poll.service';
import { ConnectorError } from '../../connectors/contract';
import type { ListingService } from '../listings';
import type { SaleReport } from './sale-report';
import type { SaleWorkflow } from './sale-workflow';

/**
 * Every minute (within eBay's and Etsy's rate limits: one orders call a minute per
 * connection), a poll job per connection whose orders are polled. One poll of a connection at
 * a time: the job id is the connection and the minute.
 */
export function salePollScheduleJob(
  polls: SalePollService,
  send: SendJob<{ connectionId: string; accountId: string }>,
  now: () => number = () => Date.now(),
) {
  return defineJob({
    name: 'sales.poll-schedule',
    schema: z.object({}).passthrough(),
    cron: '* * * * *',
    retryLimit: 0,
    expireInSeconds: 60,
    handler: async () => {
      // One poll per connection and minute, however many schedulers run.
      const minute = Math.floor(now() / 60_000);
      for (const connection of await polls.due()) {
        await send(connection, {
          id: stableJobId('sales.poll', `${connection.connectionId}:${minute}`),
        });
      }
    },
  });
}

/** Polls one connection's orders; a sale found twice is one event. */
export function salePollJob(polls: SalePollService) {
  return defineJob({
    name: 'sales.poll',
    schema: z
      .object({ connectionId: z.string().min(1).max(64), accountId: z.string().min(1).max(64) })
      .strict(),
    retryLimit: 2,
    retryDelaySeconds: 10,
    expireInSeconds: 5 * 60,
    handler: async (payload) => {
      await polls.poll(payload.accountId, payload.connectionId);
    },
  });
}

const SaleReportSchema = z.object({
  accountId: z.string().min(1).max(64),
  marketplace: z.string().min(1).max(40),
  externalOrderId: z.string().min(1).max(200),
  item: z.object({
    itemId: z.string().max(64).nullish(),
    listedID: z.string().max(200).nullish(),
    sku: z.string().max(200).nullish(),
  }),
  quantity: z.number().int().min(1),
  salePrice: z.number().nullish(),
  currency: z.string().max(3).nullish(),
  fees: z.number().nullish(),
  buyerCountry: z.string().max(2).nullish(),
  soldAt: z.number().nullish(),
  source: z.enum(['webhook', 'poll', 'executor', 'manual']),
});

/**
 * A sale a webhook reported whose recording failed in the request (the database was briefly
 * away): recorded here, with retries. Idempotent by the events' unique key.
 */
export function recordSaleJob(workflow: SaleWorkflow) {
  return defineJob({
    name: 'sales.record',
    schema: SaleReportSchema,
    retryLimit: 10,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: async (payload) => {
      await workflow.record(payload as SaleReport);
    },
  });
}

/**
 * After a sale that left units: sets the new quantity on one API marketplace's live listing
 * (an absolute set, so a retry does no harm). A transient marketplace error is retried; a
 * permanent one is logged, the listing staying up with its old quantity.
 */
export function pushQuantityJob(listings: ListingService) {
  return defineJob({
    name: 'sales.push-quantity',
    schema: z
      .object({
        accountId: z.string().min(1).max(64),
        userId: z.string().min(1).max(64),
        itemId: z.string().min(1).max(64),
        marketplace: z.string().min(1).max(40),
        eventId: z.string().min(1).max(64),
      })
      .strict(),
    retryLimit: 8,
    retryDelaySeconds: 5,
    retryBackoff: true,
    expireInSeconds: 5 * 60,
    handler: async (payload, { logger }) => {
      try {
        await listings.pushQuantity(
          payload.accountId,
          payload.userId,
          payload.itemId,
          payload.marketplace as MarketplaceId,
        );
      } catch (error) {
        if (error instanceof ConnectorError && !error.transient) {
          logger.warn({ err: error, ...payload }, 'the marketplace refused the new quantity');
          return;
        }
        throw error;
      }
    },
  });
}
