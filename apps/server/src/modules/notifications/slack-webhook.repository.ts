import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { accounts } from '../accounts/account.table';
import { accountSlackWebhooks } from './notification.table';

export type SlackWebhookRow = typeof accountSlackWebhooks.$inferSelect;

/**
 * The account's Slack alerts: its switch (the spec's isSlackAlertsBySaleDetectionEnabled, on the
 * account row) and its sealed webhook URL. Every query names the account.
 */
export class SlackWebhookRepository {
  constructor(private readonly db: Db) {}

  async alertsEnabled(accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: accounts.isSlackAlertsBySaleDetectionEnabled })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    return row?.enabled ?? false;
  }

  async findWebhook(accountId: string, db: Db = this.db): Promise<SlackWebhookRow | null> {
    const [row] = await db
      .select()
      .from(accountSlackWebhooks)
      .where(eq(accountSlackWebhooks.accountId, accountId));
    return row ?? null;
  }

  async setAlertsEnabled(accountId: string, enabled: boolean, db: Db = this.db): Promise<void> {
    await db
      .update(accounts)
      .set({ isSlackAlertsBySaleDetectionEnabled: enabled })
      .where(eq(accounts.accountId, accountId));
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
