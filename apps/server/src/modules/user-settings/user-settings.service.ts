import {
  applyUserSettingsUpdate,
  resolveForceDelistRelist,
  resolveNotifications,
  resolveSaleDetection,
  resolveUserSettings,
  type UserSettingsChanges,
  type ForceDelistRelistSettings,
  type NotificationSettings,
  type SaleDetectionSettings,
  type StoredUserSettings,
  type UserSettings,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import type { RequestContext } from '../../platform/http/request-context';
import type { AccountUserService } from '../account-users';
import type { UserService } from '../users';

/**
 * Spec §3/§5 user settings. They are the signed-in user's own, whatever account the session is
 * in (a person who sells for two accounts has one set). Other modules read the settings of the
 * user who owns an item through saleDetectionFor, forceDelistRelistFor and notificationsFor:
 * every key is answered, those the user never set at their default (USER_SETTINGS_DEFAULTS:
 * auto-delist on everywhere, forced delist-relist off, bulk-action notifications on).
 */
export class UserSettingsService {
  constructor(
    private readonly db: Db,
    private readonly users: UserService,
    private readonly accountUsers: AccountUserService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async get(ctx: RequestContext): Promise<UserSettings> {
    const [stored, speech] = await Promise.all([
      this.users.findSettings(ctx.user.id),
      this.accountUsers.speechOptionOf(ctx.accountId, ctx.user.id),
    ]);
    return resolveUserSettings(stored, speech);
  }

  /**
   * A partial update: the sections and keys sent change, the rest stays (see the schema). The
   * photo-step speech option is the caller's own membership of the current account.
   */
  async update(ctx: RequestContext, update: UserSettingsChanges): Promise<UserSettings> {
    const next = await this.db.transaction(async (tx) => {
      const current = await this.users.lockSettings(ctx.user.id, tx);
      const changed = applyUserSettingsUpdate(current, update, this.now());
      await this.users.saveSettings(ctx.user.id, changed, tx);
      if (update.showSpeechAtPhotoStep) {
        await this.accountUsers.setSpeechOption(
          ctx.accountId,
          ctx.user.id,
          update.showSpeechAtPhotoStep,
          tx,
        );
      }
      return changed;
    });
    return resolveUserSettings(
      next,
      await this.accountUsers.speechOptionOf(ctx.accountId, ctx.user.id),
    );
  }

  /** `PUT /api/rest/v1/enterprise/sale-detection/settings`: the saleDetection part only. */
  async updateSaleDetection(
    ctx: RequestContext,
    saleDetection: NonNullable<UserSettingsChanges['saleDetection']>,
  ): Promise<SaleDetectionSettings> {
    return (await this.update(ctx, { saleDetection })).saleDetection;
  }

  /**
   * Per marketplace, whether a sale there takes the item down everywhere else, for the user
   * who owns the item in this account. A user with no settings there (none stored, or not of
   * this account) gets the defaults: on for every marketplace.
   */
  async saleDetectionFor(
    accountId: string,
    userId: string,
    db: Db = this.db,
  ): Promise<SaleDetectionSettings> {
    const stored = await this.storedInAccount(accountId, userId, db);
    return resolveSaleDetection(stored?.saleDetection);
  }

  /** Per marketplace, whether a change to a live listing is made by delisting and relisting. */
  async forceDelistRelistFor(
    accountId: string,
    userId: string,
    db: Db = this.db,
  ): Promise<ForceDelistRelistSettings> {
    const stored = await this.storedInAccount(accountId, userId, db);
    return resolveForceDelistRelist(stored?.forceDelistRelist);
  }

  /** What a sale of the user's item follows: both per-marketplace settings, in one read. */
  async saleSettingsFor(
    accountId: string,
    userId: string,
    db: Db = this.db,
  ): Promise<{
    saleDetection: SaleDetectionSettings;
    forceDelistRelist: ForceDelistRelistSettings;
  }> {
    const stored = await this.storedInAccount(accountId, userId, db);
    return {
      saleDetection: resolveSaleDetection(stored?.saleDetection),
      forceDelistRelist: resolveForceDelistRelist(stored?.forceDelistRelist),
    };
  }

  /** Per bulk action, whether the user is told when it finishes. */
  async notificationsFor(
    accountId: string,
    userId: string,
    db: Db = this.db,
  ): Promise<NotificationSettings> {
    const stored = await this.storedInAccount(accountId, userId, db);
    return resolveNotifications(stored?.notifications);
  }

  /**
   * The settings of a user of this account (a membership of any status: a removed seller's
   * items still sell), or null when the user has none there or never got a settings row.
   */
  private async storedInAccount(
    accountId: string,
    userId: string,
    db: Db,
  ): Promise<StoredUserSettings | null> {
    if (!(await this.accountUsers.isMemberOf(accountId, userId, db))) return null;
    return this.users.findSettings(userId, db);
  }
}
