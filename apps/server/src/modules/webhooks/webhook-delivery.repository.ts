import type { Db } from '../../platform/db/database';
import { InsertStatements } from '../../platform/db/statement';
import { webhookDeliveries } from './webhook-delivery.table';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDeliveryRow = typeof webhookDeliveries.$inferInsert;

/** Webhook deliveries, each recorded once. */
/** Every delivery runs it: built once per shape (platform/db/statement.ts). */
const newDeliveries = new InsertStatements(
  (q, rows: NewWebhookDeliveryRow[]) =>
    q
      .insert(webhookDeliveries)
      .values(rows)
      .onConflictDoNothing({
        target: [webhookDeliveries.marketplace, webhookDeliveries.deliveryId],
      })
      .returning({ id: webhookDeliveries.id }),
  { id: webhookDeliveries.id },
);

export class WebhookDeliveryRepository {
  constructor(private readonly db: Db) {}

  /** Records a delivery once: false when this (marketplace, delivery id) was recorded before. */
  async insertOnce(row: NewWebhookDeliveryRow): Promise<boolean> {
    const inserted = await newDeliveries.rows(this.db, [row]);
    return inserted.length > 0;
  }
}
