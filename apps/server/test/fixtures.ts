import crypto from 'node:crypto';
import type { AccessLevel, AccountUserStatus, CountryCode, PermissionKey } from '@listloop/domain';
import { sql } from 'drizzle-orm';
import type { Container } from '../src/container';
import type { RequestContext } from '../src/platform/http/request-context';
import { newId } from '../src/platform/ids';
import { TestClient } from './client';
import type { TestServer } from './server';

export const PASSWORD = 'correct-horse-battery';

export function uniqueEmail(prefix = 'seller'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

export interface AccountFixture {
  accountId: string;
  userId: string;
  email: string;
  password: string;
  adminRoleId: string;
  viewerRoleId: string;
}

/** An account with its owner (admin role, active), created the way the product creates one. */
export async function createAccount(
  server: TestServer,
  options: {
    companyName?: string;
    accessLevel?: AccessLevel;
    accountFeatureFlags?: Record<string, boolean>;
    /** The owner's country, which sets the account's currency (US by default). */
    countryCode?: CountryCode;
  } = {},
): Promise<AccountFixture> {
  const email = uniqueEmail('owner');
  const created = await server.container.services.accounts.createWithOwner({
    companyName: options.companyName ?? `Shop ${email.slice(6, 12)}`,
    owner: {
      email,
      password: PASSWORD,
      firstName: 'Ada',
      lastName: 'Seller',
      ...(options.countryCode ? { countryCode: options.countryCode } : {}),
    },
    accessLevel: options.accessLevel ?? 'member',
    accountFeatureFlags: options.accountFeatureFlags ?? {},
  });
  return {
    accountId: created.account.accountId,
    userId: created.userId,
    email,
    password: PASSWORD,
    adminRoleId: created.adminRoleId,
    viewerRoleId: created.viewerRoleId,
  };
}

/** Another person in an existing account, with the given status, role and access level. */
export async function addMember(
  server: TestServer,
  account: AccountFixture,
  options: { status?: AccountUserStatus; roleId?: string | null; accessLevel?: AccessLevel } = {},
) {
  const { services, repositories } = server.container;
  const email = uniqueEmail('member');
  const user = await services.auth.createUser({ email, password: PASSWORD, name: 'Member' });
  await repositories.users.createProfile({ userId: user.id, firstName: 'Mo', lastName: 'Member' });
  await repositories.accountUsers.create({
    id: newId(),
    accountId: account.accountId,
    userId: user.id,
    accessLevel: options.accessLevel ?? 'member',
    status: options.status ?? 'active',
    email,
    role: options.roleId === undefined ? account.adminRoleId : options.roleId,
  });
  return { userId: user.id, email, password: PASSWORD };
}

/** A role of the account holding exactly these permissions, written straight to the table. */
export async function addRole(
  server: TestServer,
  account: AccountFixture,
  name: string,
  permissions: Partial<Record<PermissionKey, boolean>>,
): Promise<string> {
  const id = newId();
  await server.container.database.db.execute(sql`
    INSERT INTO roles (id, account_id, user_id, name, permissions)
    VALUES (${id}, ${account.accountId}, ${account.userId}, ${name},
            ${JSON.stringify(permissions)}::jsonb)`);
  return id;
}

/** A browser-like client signed in as the given person. */
export async function signIn(
  server: TestServer,
  who: { email: string; password: string },
): Promise<TestClient> {
  const client = new TestClient(server.baseUrl);
  const response = await client.post('/api/rest/v1/auth/session_login', {
    email: who.email,
    password: who.password,
  });
  if (response.status !== 200) {
    throw new Error(`sign-in of ${who.email} failed: ${response.status} ${response.text}`);
  }
  return client;
}

/**
 * A seller's account made straight through a container (the tests that stop and start
 * processes on one database, with no HTTP server), and the request context the services take.
 */
export async function createSellerIn(
  container: Container,
  options: { companyName: string; emailPrefix: string },
): Promise<{ userId: string; accountId: string; ctx: RequestContext }> {
  const email = uniqueEmail(options.emailPrefix);
  const created = await container.services.accounts.createWithOwner({
    companyName: options.companyName,
    owner: { email, password: PASSWORD, firstName: 'Ada', lastName: 'Seller' },
    accessLevel: 'member',
    accountFeatureFlags: {},
  });
  const ctx = await memberContext(
    container,
    { userId: created.userId, email, name: 'Ada Seller' },
    `${options.emailPrefix}-test`,
  );
  return { userId: created.userId, accountId: created.account.accountId, ctx };
}

/**
 * The request context the services take for a member, as the request hook builds it for a
 * signed-in session (`session` names that session): for tests that call services directly.
 */
export async function memberContext(
  container: Container,
  member: { userId: string; email: string; name?: string },
  session = 'test',
): Promise<RequestContext> {
  const { context } = await container.services.accountUsers.memberContext(
    { id: member.userId, email: member.email, name: member.name ?? '' },
    session,
  );
  if (!context) throw new Error(`${member.email} has no member context`);
  return context;
}
