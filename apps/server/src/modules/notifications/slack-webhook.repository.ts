import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { accountSlackWebhooks } from './notification.table';

export type SlackWebhookRow = typeof accountSlackWebhooks.$inferSelect;

/**
 * The account's sealed Slack webhook URL. Its switch (the spec's
 * isSlackAlertsBySaleDetectionEnabled) is on the account row, the accounts module's. Every
 * query names the account.
 */
export class SlackWebhookRepository {
  constructor(private readonly db: Db) {}

  async findWebhook(accountId: string, db: Db = this.db): Promise<SlackWebhookRow | null> {
    const [row] = await db
      .select()
      .from(accountSlackWebhooks)
      .where(eq(accountSlackWebhooks.accountId, accountId));
    return row ?? null;
  }

  async saveWebhook(
    row: Pick<SlackWebhookRow, 'accountId' | 'webhookCiphertext' | 'keyVersion' | 'webhookHint'>,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insert(accountSlackWebhooks)
      .values(row)
      .onConflictDoUpdate({
        target: accountSlackWebhooks.accountId,
        set: {
          webhookCiphertext: row.webhookCiphertext,
          keyVersion: row.keyVersion,
          webhookHint: row.webhookHint,
          updatedAt: new Date(),
        },
      });
  }

  async deleteWebhook(accountId: string, db: Db = this.db): Promise<void> {
    await db.delete(accountSlackWebhooks).where(eq(accountSlackWebhooks.accountId, accountId));
  }
}
