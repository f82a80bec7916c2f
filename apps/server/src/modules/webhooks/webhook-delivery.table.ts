import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Every verified webhook a marketplace delivered, once: a delivery repeated with the same
 * webhook id (Shopify's X-Shopify-Webhook-Id, eBay's notification id…) finds its row and is
 * acknowledged without being processed again. Unverified deliveries are never written.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    marketplace: text('marketplace').notNull(),
    /** The marketplace's id of this delivery. */
    deliveryId: text('delivery_id').notNull(),
    /** The account it concerns, once known (a shop or seller id matched to a connection). */
    accountId: text('account_id'),
    connectionId: text('connection_id'),
    topic: text('topic').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_delivery_unique').on(t.marketplace, t.deliveryId),
    index('webhook_deliveries_account_idx').on(t.accountId, t.receivedAt),
  ],
);
