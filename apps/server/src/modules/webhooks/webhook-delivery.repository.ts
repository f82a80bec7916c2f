import type { Db } from '../../platform/db/database';
import { webhookDeliveries } from './webhook-delivery.table';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;

/** Webhook deliveries, each recorded once. */
export class WebhookDeliveryRepository {
  constructor(private readonly db: Db) {}

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
