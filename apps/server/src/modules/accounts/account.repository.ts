import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { accounts } from './account.table';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findById(accountId: string): Promise<AccountRow | null> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.accountId, accountId));
    return row ?? null;
  }

  /** The currency every amount of the account is in; null for an account that does not exist. */
  async currencyOf(accountId: string): Promise<AccountRow['currency'] | null> {
    const [row] = await this.db
      .select({ currency: accounts.currency })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    return row?.currency ?? null;
  }

  async slackAlertsEnabled(accountId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ enabled: accounts.isSlackAlertsBySaleDetectionEnabled })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    return row?.enabled ?? false;
  }

  async setSlackAlertsEnabled(
    accountId: string,
    enabled: boolean,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .update(accounts)
      .set({ isSlackAlertsBySaleDetectionEnabled: enabled })
      .where(eq(accounts.accountId, accountId));
  }

  /** usage.removeBackgroundImage: pictures whose background was removed. */
  async backgroundRemovalUsage(accountId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ used: accounts.usageRemoveBackgroundImage })
      .from(accounts)
      .where(eq(accounts.accountId, accountId));
    return row?.used ?? 0;
  }

  async addBackgroundRemovalUsage(accountId: string, amount: number, db: Db = this.db) {
    await db
      .update(accounts)
      .set({ usageRemoveBackgroundImage: sql`${accounts.usageRemoveBackgroundImage} + ${amount}` })
      .where(eq(accounts.accountId, accountId));
  }

  /**
   * A partial save of the settings (spec §7 PUT /api/account), in one transaction: the row is
   * locked while the config is merged, so two saves of different switches both land.
   */
  async updateSettings(
    accountId: string,
    change: (
      row: AccountRow,
    ) => Partial<Pick<NewAccountRow, 'companyName' | 'config' | 'timeZone'>>,
    db: Db = this.db,
  ): Promise<AccountRow | null> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accounts)
        .where(eq(accounts.accountId, accountId))
        .for('update');
      if (!row) return null;
      const values = change(row);
      if (Object.keys(values).length === 0) return row;
      const [updated] = await tx
        .update(accounts)
        .set(values)
        .where(eq(accounts.accountId, accountId))
        .returning();
      return updated ?? null;
    });
  }

  async setOnboarding(
    accountId: string,
    onboarding: Record<string, unknown>,
    db: Db = this.db,
  ): Promise<void> {
    await db.update(accounts).set({ onboarding }).where(eq(accounts.accountId, accountId));
  }

  async create(row: NewAccountRow, db: Db = this.db): Promise<AccountRow> {
    const [created] = await db.insert(accounts).values(row).returning();
    if (!created) throw new Error('Account insert returned no row');
    return created;
  }

  async setStatus(accountId: string, status: AccountRow['status']): Promise<void> {
    await this.db.update(accounts).set({ status }).where(eq(accounts.accountId, accountId));
  }

  async setFeatureFlag(accountId: string, flag: string, enabled: boolean): Promise<void> {
    await this.db
      .update(accounts)
      .set({
        accountFeatureFlags: sql`${accounts.accountFeatureFlags} || ${JSON.stringify({ [flag]: enabled })}::jsonb`,
      })
      .where(eq(accounts.accountId, accountId));
  }

  async count(): Promise<number> {
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(accounts);
    return row?.n ?? 0;
  }
}
