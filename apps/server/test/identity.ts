import pino from 'pino';
import type { CountryCode } from '@listloop/domain';
import type { Database } from '../src/platform/db/database';
import type { Mailer, MailMessage } from '../src/platform/mailer/mailer';
import type { RequestContext } from '../src/platform/http/request-context';
import { newId } from '../src/platform/ids';
import { createAuth } from '../src/modules/auth/auth';
import { AuthService } from '../src/modules/auth/auth.service';
import { UserRepository } from '../src/modules/users/user.repository';
import { UserSettingsRepository } from '../src/modules/users/user-settings.repository';
import { UserService } from '../src/modules/users/user.service';
import { AccountUserRepository } from '../src/modules/account-users/account-user.repository';
import { AccountUserService } from '../src/modules/account-users/account-user.service';
import type { MembershipLinks } from '../src/modules/account-users/member-links';
import { RoleRepository } from '../src/modules/roles/role.repository';
import { RoleService } from '../src/modules/roles/role.service';
import { AccountRepository } from '../src/modules/accounts/account.repository';
import { AccountService } from '../src/modules/accounts/account.service';
import { PASSWORD, uniqueEmail } from './fixtures';

/** A mailer that keeps what it is given, for the service tests (no SMTP). */
export function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    enabled: true,
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}

/**
 * The identity services wired as the container wires them, on a test database and without a
 * server: what a module's service test needs to open accounts and act as their members.
 */
export function identityServices(database: Database, mailer: Mailer = recordingMailer()) {
  const { db } = database;
  const logger = pino({ level: 'silent' });
  // The account and role of a membership, from their own modules' services (made below, before
  // any membership is read).
  const memberLinks: MembershipLinks = {
    accountOf: (accountId) => accounts.findById(accountId),
    roleOf: (accountId, roleId) => roles.findInAccount(accountId, roleId),
  };
  const repositories = {
    users: new UserRepository(db),
    accountUsers: new AccountUserRepository(db),
    roles: new RoleRepository(db),
    accounts: new AccountRepository(db),
  };
  const auth = new AuthService(
    createAuth({
      db,
      logger,
      secret: 'a-test-secret-that-is-long-enough-for-better-auth',
      baseUrl: 'http://localhost:3000',
      sessionDays: 1,
    }),
    logger,
  );
  const users = new UserService(repositories.users, new UserSettingsRepository(db));
  const accountUsers = new AccountUserService(
    db,
    repositories.accountUsers,
    users,
    auth,
    mailer,
    {
      publicUrl: 'http://localhost:3000',
    },
    memberLinks,
  );
  const roles = new RoleService(repositories.roles, accountUsers);
  const accounts = new AccountService(db, repositories.accounts, accountUsers, roles, users, auth);

  /** The request context of a user, as the request hook makes it. */
  const contextOf = async (user: { id: string; email: string }): Promise<RequestContext> => {
    const { context } = await accountUsers.memberContext({ ...user, name: '' }, `t-${user.id}`);
    if (!context) throw new Error(`${user.email} cannot enter an account`);
    return context;
  };

  /** An account opened the way the product opens one, and its owner's context. */
  const openAccount = async (options: { countryCode?: CountryCode } = {}) => {
    const email = uniqueEmail('owner');
    const created = await accounts.createWithOwner({
      companyName: `Shop ${email.slice(6, 12)}`,
      owner: {
        email,
        password: PASSWORD,
        firstName: 'Ada',
        lastName: 'Seller',
        ...(options.countryCode ? { countryCode: options.countryCode } : {}),
      },
    });
    return { ...created, email, ctx: await contextOf({ id: created.userId, email }) };
  };

  /** Another person in the account, active with the given role unless told otherwise. */
  const addMember = async (
    accountId: string,
    options: { roleId: string | null; status?: 'active' | 'pending' | 'inactive' },
  ) => {
    const email = uniqueEmail('member');
    const user = await auth.createUser({ email, password: PASSWORD, name: 'Member' });
    await users.createProfile({ userId: user.id, firstName: 'Mo', countryCode: 'IT' });
    await repositories.accountUsers.create({
      id: newId(),
      accountId,
      userId: user.id,
      accessLevel: 'member',
      status: options.status ?? 'active',
      email,
      role: options.roleId,
    });
    return { id: user.id, userId: user.id, email };
  };

  return {
    repositories,
    auth,
    users,
    accountUsers,
    roles,
    accounts,
    contextOf,
    openAccount,
    addMember,
  };
}
