import {
  allPermissions,
  currencyForCountry,
  timeZoneForCountry,
  mergeAccountConfig,
  type AccountSettingsUpdate,
  type SignUpInput,
  VIEWER_PERMISSIONS,
  type AccessLevel,
  type AccountCurrency,
  type AccountName,
  type CountryCode,
  type PermissionKey,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { isUniqueViolation } from '../../platform/db/unique-violation';
import { AppError, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { AuthService } from '../auth';
import type { UserService } from '../users';
import type { AccountRepository, AccountRow } from './account.repository';

export interface CreateAccountInput {
  companyName: string;
  accountName?: AccountName;
  owner: {
    email: string;
    password: string;
    firstName?: string;
    lastName?: string;
    countryCode?: CountryCode;
  };
  /**
   * Sign-up: an e-mail that already has a sign-in is refused (409) instead of reused, and a
   * failure after the identity was made removes it again, so the e-mail stays free.
   */
  newOwnerOnly?: boolean;
  /** Provider staff bypass role checks (spec §6). */
  accessLevel?: 'member' | 'staff';
  marketplaceAllowedToAccess?: Record<string, boolean>;
  accountFeatureFlags?: Record<string, boolean>;
  creationSource?: 'admin' | 'enterprise';
  /** The account's one currency; by default the owner's country's. */
  currency?: AccountCurrency;
}

/** A self-serve sign-up goes through onboarding (spec §2 /onboarding, the flag's name). */
export const SIGN_UP_FEATURE_FLAGS = { onboardingRework: true } as const;

const emailTaken = () => new AppError(409, 'account/email-taken');

/**
 * What the settings answer shows of Slack beside the account's own switch: whether a webhook
 * is stored (notifications keeps it), and the switch itself, whose rule (no alerts without a
 * webhook) lives there too. Declared here by what it does; the composition root passes the
 * notifications' Slack settings.
 */
export interface SlackAlertsSwitch {
  webhookConfigured(accountId: string): Promise<boolean>;
  setEnabled(ctx: { accountId: string }, enabled: boolean): Promise<void>;
}

/**
 * What opening an account asks of the team: the owner's membership, written in the opening's
 * transaction. The team reads accounts, so the need is declared here and the composition root
 * passes the team's service.
 */
export interface OwnerMembership {
  createMembership(
    row: {
      id: string;
      accountId: string;
      userId: string;
      accessLevel: AccessLevel;
      status: 'active';
      email: string;
      name: string;
      role: string;
      isOwner: boolean;
    },
    tx: Db,
  ): Promise<unknown>;
}

/**
 * What opening an account asks of roles: its built-in roles, written in the opening's
 * transaction. A role belongs to an account, so the need is declared here and the composition
 * root passes the roles' service.
 */
export interface BuiltInRoles {
  create(
    row: {
      id: string;
      accountId: string;
      userId: string;
      name: string;
      color: string;
      isProtected: boolean;
      permissions: Record<PermissionKey, boolean>;
    },
    tx: Db,
  ): Promise<{ id: string }>;
}

/**
 * The account rows, and opening an account: the owner's identity, the account, its two
 * protected built-in roles (admin with every permission, viewer read-only) and the owner's
 * active membership as admin. Opening one is the top of the identity modules: it uses the
 * team, roles, users and auth services, and none of them uses this one.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountRepository,
    private readonly accountUsers: OwnerMembership,
    private readonly roles: BuiltInRoles,
    private readonly users: UserService,
    private readonly auth: AuthService,
  ) {}

  async findById(accountId: string): Promise<AccountRow | null> {
    return this.accounts.findById(accountId);
  }

  /** The currency every amount of the account is in; null for an account that does not exist. */
  async currencyOf(accountId: string): Promise<AccountRow['currency'] | null> {
    return this.accounts.currencyOf(accountId);
  }

  /** The spec's isSlackAlertsBySaleDetectionEnabled: whether sales are posted to the account's Slack. */
  async slackAlertsEnabled(accountId: string): Promise<boolean> {
    return this.accounts.slackAlertsEnabled(accountId);
  }

  async setSlackAlertsEnabled(accountId: string, enabled: boolean, db?: Db): Promise<void> {
    await this.accounts.setSlackAlertsEnabled(accountId, enabled, db);
  }

  /** Spec §3 usage.removeBackgroundImage; read in `db` (a caller's transaction) when given. */
  async backgroundRemovalUsage(accountId: string, db?: Db): Promise<number> {
    return this.accounts.backgroundRemovalUsage(accountId, db);
  }

  /**
   * Spec: the background-removal counter rises by a given amount, 1 by default; in `db`, so a
   * caller counts in the same transaction as the work it counts.
   */
  async addBackgroundRemovalUsage(accountId: string, amount = 1, db?: Db): Promise<void> {
    await this.accounts.addBackgroundRemovalUsage(accountId, amount, db);
  }

  /**
   * Spec §7 POST /api/account: a new seller opens an account and becomes its owner, with the
   * protected admin role. Self-serve accounts are `enterprise` by creationSource (opened through
   * the product's own API, not by provider staff) and go through onboarding.
   */
  async signUp(input: SignUpInput): Promise<{ accountId: string; userId: string; email: string }> {
    const created = await this.createWithOwner({
      companyName: input.companyName,
      owner: {
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        countryCode: input.countryCode,
      },
      newOwnerOnly: true,
      accessLevel: 'member',
      accountFeatureFlags: { ...SIGN_UP_FEATURE_FLAGS },
      creationSource: 'enterprise',
    });
    return {
      accountId: created.account.accountId,
      userId: created.userId,
      email: input.email.trim().toLowerCase(),
    };
  }

  /** Spec §7 PUT /api/account: a partial save of the account's settings. */
  async updateSettings(
    ctx: { accountId: string },
    update: AccountSettingsUpdate,
    slack: SlackAlertsSwitch,
  ): Promise<AccountRow> {
    // Slack first: its rule (a webhook must be stored) may refuse, and then nothing is saved.
    if (update.isSlackAlertsBySaleDetectionEnabled !== undefined) {
      await slack.setEnabled(ctx, update.isSlackAlertsBySaleDetectionEnabled);
    }
    const row = await this.accounts.updateSettings(ctx.accountId, (current) => ({
      ...(update.companyName !== undefined ? { companyName: update.companyName } : {}),
      ...(update.timeZone !== undefined ? { timeZone: update.timeZone } : {}),
      ...(update.config !== undefined
        ? { config: mergeAccountConfig(current.config, update.config) }
        : {}),
    }));
    if (!row) throw notFound('This account does not exist.');
    return row;
  }

  /**
   * The account's copy of its onboarding (status, step, marketplaces once approved), written by
   * the onboarding module in the transaction that changes the record: the session's approved
   * flag and the allowed marketplaces read it with the account (decision 0044).
   */
  async setOnboardingMirror(
    accountId: string,
    mirror: Record<string, unknown>,
    tx: Db,
  ): Promise<void> {
    await this.accounts.setOnboarding(accountId, mirror, tx);
  }

  async createWithOwner(
    input: CreateAccountInput,
  ): Promise<{ account: AccountRow; userId: string; adminRoleId: string; viewerRoleId: string }> {
    const name = [input.owner.firstName, input.owner.lastName].filter(Boolean).join(' ');
    const country = input.owner.countryCode ?? 'US';
    const existing = await this.auth.findUserByEmail(input.owner.email);
    if (existing && input.newOwnerOnly) throw emailTaken();
    let user = existing;
    if (!user) {
      try {
        user = await this.auth.createUser({
          email: input.owner.email,
          password: input.owner.password,
          name,
        });
      } catch (error) {
        // Two sign-ups of one e-mail at once: the second meets the first's identity.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    }
    const owner = user;
    try {
      return await this.openAccount(input, owner, name, country);
    } catch (error) {
      if (input.newOwnerOnly && !existing) await this.auth.deleteUser(owner.id);
      throw error;
    }
  }

  private openAccount(
    input: CreateAccountInput,
    user: { id: string; email: string },
    name: string,
    country: CountryCode,
  ) {
    return this.db.transaction(async (tx) => {
      await this.users.createProfile(
        {
          userId: user.id,
          firstName: input.owner.firstName ?? '',
          lastName: input.owner.lastName ?? '',
          countryCode: country,
        },
        tx,
      );
      const account = await this.accounts.create(
        {
          accountId: newId(),
          companyName: input.companyName,
          accountName: input.accountName ?? 'listloop',
          marketplaceAllowedToAccess: input.marketplaceAllowedToAccess ?? {},
          accountFeatureFlags: input.accountFeatureFlags ?? {},
          creationSource: input.creationSource ?? 'admin',
          currency: input.currency ?? currencyForCountry(country),
          timeZone: timeZoneForCountry(country),
        },
        tx,
      );
      const admin = await this.roles.create(
        {
          id: newId(),
          accountId: account.accountId,
          userId: user.id,
          name: 'admin',
          color: '#fa5252',
          isProtected: true,
          permissions: allPermissions(true),
        },
        tx,
      );
      const viewer = await this.roles.create(
        {
          id: newId(),
          accountId: account.accountId,
          userId: user.id,
          name: 'viewer',
          color: '#868e96',
          isProtected: true,
          permissions: VIEWER_PERMISSIONS,
        },
        tx,
      );
      await this.accountUsers.createMembership(
        {
          id: newId(),
          accountId: account.accountId,
          userId: user.id,
          accessLevel: input.accessLevel ?? 'member',
          status: 'active',
          email: user.email,
          name,
          role: admin.id,
          isOwner: true,
        },
        tx,
      );
      return { account, userId: user.id, adminRoleId: admin.id, viewerRoleId: viewer.id };
    });
  }
}
