import { eq } from 'drizzle-orm';
import { HELP_TEXT_KEYS, type HelpTextKey, type HelpTextSeen } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { helpTextSeen, userDetails, userSettings } from './user.table';

export type UserDetailsRow = typeof userDetails.$inferSelect;
export type NewUserDetailsRow = typeof userDetails.$inferInsert;
export type UserSettingsRow = typeof userSettings.$inferSelect;

export class UserRepository {
  constructor(private readonly db: Db) {}

  async findDetails(userId: string): Promise<UserDetailsRow | null> {
    const [row] = await this.db.select().from(userDetails).where(eq(userDetails.userId, userId));
    return row ?? null;
  }

  /** Details, settings and help-text flags of a new user, all at their defaults. */
  async createProfile(row: NewUserDetailsRow, db: Db = this.db): Promise<void> {
    await db.insert(userDetails).values(row).onConflictDoNothing();
    await db.insert(userSettings).values({ userId: row.userId }).onConflictDoNothing();
    await db.insert(helpTextSeen).values({ userId: row.userId }).onConflictDoNothing();
  }

  async findSettings(userId: string): Promise<UserSettingsRow | null> {
    const [row] = await this.db.select().from(userSettings).where(eq(userSettings.userId, userId));
    return row ?? null;
  }

  async findHelpTextSeen(userId: string): Promise<HelpTextSeen | null> {
    const [row] = await this.db.select().from(helpTextSeen).where(eq(helpTextSeen.userId, userId));
    return row ? pickFlags(row) : null;
  }

  /** Merge-sets one flag to true (spec §7), creating the row if the user has none yet. */
  async markHelpTextSeen(userId: string, key: HelpTextKey): Promise<HelpTextSeen> {
    const [row] = await this.db
      .insert(helpTextSeen)
      .values({ userId, [key]: true })
      .onConflictDoUpdate({ target: helpTextSeen.userId, set: { [key]: true } })
      .returning();
    if (!row) throw new Error('Help-text upsert returned no row');
    return pickFlags(row);
  }
}

function pickFlags(row: typeof helpTextSeen.$inferSelect): HelpTextSeen {
  return Object.fromEntries(HELP_TEXT_KEYS.map((key) => [key, row[key]])) as HelpTextSeen;
}
