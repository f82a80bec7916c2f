import {
  allPermissions,
  currencyForCountry,
  VIEWER_PERMISSIONS,
  type AccessLevel,
  type AccountCurrency,
  type AccountName,
  type CountryCode,
  type PermissionKey,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
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
  /** Provider staff bypass role checks (spec §6). */
  accessLevel?: 'member' | 'staff';
  marketplaceAllowedToAccess?: Record<string, boolean>;
  accountFeatureFlags?: Record<string, boolean>;
  creationSource?: 'admin' | 'enterprise';
  /** The account's one currency; by default the owner's country's. */
  currency?: AccountCurrency;
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
    const user =
      (await this.auth.findUserByEmail(input.owner.email)) ??
      (await this.auth.createUser({
        email: input.owner.email,
        password: input.owner.password,
        name,
      }));

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
