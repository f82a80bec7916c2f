import { and, asc, eq, gt, ne } from 'drizzle-orm';
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

  /** Every account's webhook sealed under a key other than `currentVersion`, after `afterAccountId`. */
  async sealedUnderOtherKeys(
    currentVersion: number,
    afterAccountId: string,
    limit: number,
  ): Promise<SlackWebhookRow[]> {
    return this.db
      .select()
      .from(accountSlackWebhooks)
      .where(
        and(
          ne(accountSlackWebhooks.keyVersion, currentVersion),
          gt(accountSlackWebhooks.accountId, afterAccountId),
        ),
      )
      .orderBy(asc(accountSlackWebhooks.accountId))
      .limit(limit);
  }

  /** Replaces a sealed webhook with the same URL sealed again, unless it changed meanwhile. */
  async resealWebhook(
    row: Pick<SlackWebhookRow, 'accountId' | 'webhookCiphertext'>,
    sealed: { ciphertext: string; keyVersion: number },
  ): Promise<void> {
    await this.db
      .update(accountSlackWebhooks)
      .set({ webhookCiphertext: sealed.ciphertext, keyVersion: sealed.keyVersion })
      .where(
        and(
          eq(accountSlackWebhooks.accountId, row.accountId),
          eq(accountSlackWebhooks.webhookCiphertext, row.webhookCiphertext),
        ),
      );
  }

  async deleteWebhook(accountId: string, db: Db = this.db): Promise<void> {
    await db.delete(accountSlackWebhooks).where(eq(accountSlackWebhooks.accountId, accountId));
  }
}
