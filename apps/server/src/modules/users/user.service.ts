import type { HelpTextKey, HelpTextSeen, StoredUserSettings } from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import type { NewUserDetailsRow, UserDetailsRow, UserRepository } from './user.repository';
import type { UserSettingsRepository, UserSettingsWrite } from './user-settings.repository';

/**
 * A person's own records, whatever account they are in: their details (name, country), their
 * settings row and the help texts they have seen. Every other module reads and writes them
 * here; the rules on the settings (defaults, partial updates) are the user-settings module's.
 */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly settings: UserSettingsRepository,
  ) {}

  async findDetails(userId: string): Promise<UserDetailsRow | null> {
    return this.users.findDetails(userId);
  }

  /** Details, settings and help-text flags of a new user at their defaults, in `db` (a transaction). */
  async createProfile(row: NewUserDetailsRow, db?: Db): Promise<void> {
    await this.users.createProfile(row, db);
  }

  async findHelpTextSeen(userId: string): Promise<HelpTextSeen | null> {
    return this.users.findHelpTextSeen(userId);
  }

  async markHelpTextSeen(userId: string, key: HelpTextKey): Promise<HelpTextSeen> {
    return this.users.markHelpTextSeen(userId, key);
  }

  /** The stored settings of a user, or null when they never got a row. */
  async findSettings(userId: string, db?: Db): Promise<StoredUserSettings | null> {
    return this.settings.find(userId, db);
  }

  /**
   * The user's settings row locked for this transaction, made first if the user has none, so
   * that two switches saved at once each see the other's change.
   */
  async lockSettings(userId: string, tx: Db): Promise<StoredUserSettings> {
    return this.settings.lock(userId, tx);
  }

  async saveSettings(userId: string, values: UserSettingsWrite, tx: Db): Promise<void> {
    await this.settings.save(userId, values, tx);
  }
}
