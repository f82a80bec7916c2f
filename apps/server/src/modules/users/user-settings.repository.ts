import { eq } from 'drizzle-orm';
import type { StoredUserSettings } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { userSettings } from './user.table';

export type UserSettingsRow = typeof userSettings.$inferSelect;
export type UserSettingsWrite = Pick<
  typeof userSettings.$inferInsert,
  'saleDetection' | 'notifications' | 'mercariForm' | 'forceDelistRelist'
>;

const stored = {
  saleDetection: userSettings.saleDetection,
  notifications: userSettings.notifications,
  mercariForm: userSettings.mercariForm,
  forceDelistRelist: userSettings.forceDelistRelist,
};

/** Spec §3 user settings: one row per user (created with the user, see UserRepository). */
export class UserSettingsRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string, db: Db = this.db): Promise<StoredUserSettings | null> {
    const [row] = await db.select(stored).from(userSettings).where(eq(userSettings.userId, userId));
    return row ?? null;
  }

  /**
   * The user's row locked for this transaction, made first if the user has none, so that two
   * switches saved at once each see the other's change.
   */
  async lock(userId: string, tx: Db): Promise<StoredUserSettings> {
    await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
    const [row] = await tx
      .select(stored)
      .from(userSettings)
      .where(eq(userSettings.userId, userId))
      .for('update');
    if (!row) throw new Error(`No settings row for user ${userId} after creating it`);
    return row;
  }

  async save(userId: string, values: UserSettingsWrite, tx: Db): Promise<void> {
    await tx.update(userSettings).set(values).where(eq(userSettings.userId, userId));
  }
}
