import {
  allPermissions,
  currencyForCountry,
  VIEWER_PERMISSIONS,
  type AccountCurrency,
  type AccountName,
  type CountryCode,
} from '@listloop/domain';
import type { Db } from '../../platform/db/database';
import { newId } from '../../platform/ids';
import type { AuthService } from '../auth/auth.service';
import type { AccountUserRepository } from '../account-users/account-user.repository';
import type { RoleRepository } from '../roles/role.repository';
import type { UserRepository } from '../users/user.repository';
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
 * Opens an account: the owner's identity, the account, its two protected built-in roles
 * (admin with every permission, viewer read-only) and the owner's active membership as admin.
 */
export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly accounts: AccountRepository,
    private readonly accountUsers: AccountUserRepository,
    private readonly roles: RoleRepository,
    private readonly users: UserRepository,
    private readonly auth: AuthService,
  ) {}

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
      await this.accountUsers.create(
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
