import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { marketplaceConnections } from '../connections/connection.table';
import { webhookDeliveries } from './webhook-delivery.table';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;

/** Webhook deliveries, and the connections a marketplace's webhook names. */
export class WebhookDeliveryRepository {
  constructor(private readonly db: Db) {}

  /**
   * The connections, of any account, linked to this seller account on the marketplace (a
   * Shopify shop's domain): a webhook carries no account of ours, only the marketplace's.
   * Oldest first; connections switched off by the seller are left out.
   */
  async connectionsOf(
    marketplace: string,
    externalAccountId: string,
  ): Promise<{ id: string; accountId: string }[]> {
    return this.db
      .select({ id: marketplaceConnections.id, accountId: marketplaceConnections.accountId })
      .from(marketplaceConnections)
      .where(
        and(
          eq(marketplaceConnections.marketplace, marketplace),
          sql`lower(${marketplaceConnections.externalAccountId}) = ${externalAccountId.toLowerCase()}`,
          sql`${marketplaceConnections.status} <> 'disconnected'`,
        ),
      )
      .orderBy(asc(marketplaceConnections.createdAt), asc(marketplaceConnections.id));
  }

  /** Records a delivery once: false when this (marketplace, delivery id) was recorded before. */
  async insertOnce(row: NewWebhookDeliveryRow): Promise<boolean> {
    const inserted = await this.db
      .insert(webhookDeliveries)
      .values(row)
      .onConflictDoNothing({
        target: [webhookDeliveries.marketplace, webhookDeliveries.deliveryId],
      })
      .returning({ id: webhookDeliveries.id });
    return inserted.length > 0;
  }
}
