import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TestClient } from '../../../test/client';
import {
  addMember,
  createAccount,
  signIn,
  uniqueEmail,
  PASSWORD,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import {
  lastMailTo,
  startSmtpReceiver,
  temporaryPasswordIn,
  type SmtpReceiver,
} from '../../../test/smtp-receiver';

const LOGIN = '/api/rest/v1/auth/session_login';
const SESSION = '/api/rest/v1/auth/session';
const ROLES = '/api/rest/v1/enterprise/roles';

/** Spec §4 and §8: what each account-user status and account status lets a person do. */
describe('account gating', () => {
  let server: TestServer;
  let account: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
  });
  afterAll(() => server.close());

  const login = (who: { email: string; password: string }) =>
    new TestClient(server.baseUrl).post(LOGIN, { email: who.email, password: who.password });

  it('active: signs in and continues', async () => {
    const member = await addMember(server, account, { status: 'active' });
    const response = await login(member);
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBeNull();
    const client = await signIn(server, member);
    expect((await client.get(ROLES)).status).toBe(200);
  });

  it('pending: signs in, is sent to /update-password, and may only see the session', async () => {
    const member = await addMember(server, account, { status: 'pending' });
    const response = await login(member);
    expect(response.status).toBe(200);
    expect(response.body.redirect).toBe('/update-password');
    const client = await signIn(server, member);
    const session = await client.get(SESSION);
    expect(session.status).toBe(200);
    expect(session.body.currentAccountUser.status).toBe('pending');
    const refused = await client.get(ROLES);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'auth/pending-account-user',
      redirect: '/update-password',
    });
  });

  it('inactive: sign-in is refused with the inactive-account error and no session is left', async () => {
    const member = await addMember(server, account, { status: 'inactive' });
    const response = await login(member);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/inactive-account');
    expect(response.headers.getSetCookie()).toEqual([]);
    const [row] = await queryRows<{ n: number }>(
      server,
      sql`select count(*)::int as n from auth_sessions s join auth_users u on u.id = s.user_id where u.email = ${member.email}`,
    );
    expect(row?.n).toBe(0);
  });

  it('a member made inactive while signed in is signed out on the next request', async () => {
    const member = await addMember(server, account, { status: 'active' });
    const client = await signIn(server, member);
    expect((await client.get(SESSION)).status).toBe(200);
    await server.container.repositories.accountUsers.update(account.accountId, member.userId, {
      status: 'inactive',
    });
    const response = await client.get(SESSION);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/inactive-account');
    // The session is gone: the same cookie now meets the plain logged-out error.
    const again = await client.get(SESSION);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('auth/user-logged-out');
  });

  it('an inactive account signs everybody out with the inactive-account error', async () => {
    const other = await createAccount(server);
    const client = await signIn(server, other);
    await server.container.repositories.accounts.setStatus(other.accountId, 'inactive');
    const response = await client.get(SESSION);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/inactive-account');
    expect((await login(other)).body.code).toBe('auth/inactive-account');
  });

  it('a user with no membership is logged out of the provider', async () => {
    const email = uniqueEmail('loner');
    await server.container.services.auth.createUser({ email, password: PASSWORD, name: '' });
    const response = await login({ email, password: PASSWORD });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/provider-user-logged-out');
  });

  it('checks permissions: the viewer role may read but not manage roles', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const client = await signIn(server, viewer);
    const response = await client.get(ROLES);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('auth/forbidden');
  });

  it('a member with no role is refused anything that asks for a permission', async () => {
    const member = await addMember(server, account, { roleId: null });
    const client = await signIn(server, member);
    expect((await client.get(ROLES)).status).toBe(403);
    expect((await client.get(SESSION)).status).toBe(200);
  });

  it('provider staff bypass role checks', async () => {
    const staff = await addMember(server, account, { roleId: null, accessLevel: 'staff' });
    const client = await signIn(server, staff);
    expect((await client.get(ROLES)).status).toBe(200);
    const session = await client.get(SESSION);
    expect(session.body.accessLevel).toBe('staff');
    expect(Object.values(session.body.permissions).every(Boolean)).toBe(true);
  });
});

/** The pending member's way in: the team admin adds them; they join with a temporary password. */
describe('joining a team', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let account: AccountFixture;
  let admin: TestClient;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: {
        LOGIN_MAX_PER_IP: '1000',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'ListLoop <team@listloop.test>',
      },
    });
    account = await createAccount(server, { companyName: 'Second Hand Rose' });
    admin = await signIn(server, account);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  async function invite() {
    const email = uniqueEmail('invitee');
    const created = await admin.post('/api/account-users/create-with-temporary-password', {
      email,
      name: 'Ivy Invitee',
    });
    expect(created.status).toBe(201);
    expect(created.body.accountUser).toMatchObject({
      email,
      status: 'pending',
      hasTemporaryPassword: true,
    });
    // The password reaches the member by e-mail only.
    expect(created.text).not.toMatch(/temporaryPassword"\s*:\s*"/);
    const mail = lastMailTo(smtp, email);
    expect(mail.subject).toBe('Join Second Hand Rose on ListLoop');
    expect(mail.text).toContain('/join-team');
    return {
      email,
      temporaryPassword: temporaryPasswordIn(mail),
      userId: created.body.accountUser.userId as string,
    };
  }

  it('validates the join data, signs in with the temporary password, sets a new one and becomes active', async () => {
    const { email, temporaryPassword } = await invite();
    const visitor = new TestClient(server.baseUrl);
    const valid = await visitor.post('/api/account-users/validate-join-data', {
      email,
      temporaryPassword,
    });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ valid: true, email, companyName: 'Second Hand Rose' });

    const login = await visitor.post(LOGIN, { email, password: temporaryPassword });
    expect(login.body.redirect).toBe('/update-password');

    const tooShort = await visitor.put('/api/rest/v1/enterprise/account-users/update-password', {
      password: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.issues).toContainEqual({
      path: 'password',
      message: 'Password must be at least 10 characters',
    });

    const sameAsTemporary = await visitor.put(
      '/api/rest/v1/enterprise/account-users/update-password',
      { password: temporaryPassword },
    );
    expect(sameAsTemporary.status).toBe(400);

    const updated = await visitor.put('/api/rest/v1/enterprise/account-users/update-password', {
      password: 'my-own-secret-1',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.accountUser).toMatchObject({
      status: 'active',
      hasTemporaryPassword: false,
    });
    expect((await visitor.get(ROLES)).status).toBe(403); // active now, but admin gave no role

    // The temporary password is spent; the new one works.
    expect(
      (await new TestClient(server.baseUrl).post(LOGIN, { email, password: temporaryPassword }))
        .status,
    ).toBe(401);
    expect(
      (await new TestClient(server.baseUrl).post(LOGIN, { email, password: 'my-own-secret-1' }))
        .body.redirect,
    ).toBeNull();
  });

  it('refuses wrong join data without saying whether the e-mail exists', async () => {
    const { email } = await invite();
    const wrong = await new TestClient(server.baseUrl).post(
      '/api/account-users/validate-join-data',
      { email, temporaryPassword: 'abcd-efgh-jkmn' },
    );
    const unknown = await new TestClient(server.baseUrl).post(
      '/api/account-users/validate-join-data',
      {
        email: uniqueEmail(),
        temporaryPassword: 'abcd-efgh-jkmn',
      },
    );
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('a temporary password older than five days no longer opens the account', async () => {
    const { email, temporaryPassword, userId } = await invite();
    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString();
    await server.container.database.db.execute(
      sql`update account_users set temporary_password = jsonb_set(temporary_password, '{createdAt}', to_jsonb(${sixDaysAgo}::text)) where user_id = ${userId}`,
    );
    const validate = await new TestClient(server.baseUrl).post(
      '/api/account-users/validate-join-data',
      { email, temporaryPassword },
    );
    expect(validate.status).toBe(400);
    expect(validate.body.code).toBe('auth/temporary-password-expired');
    const login = await new TestClient(server.baseUrl).post(LOGIN, {
      email,
      password: temporaryPassword,
    });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('auth/temporary-password-expired');
    expect(login.headers.getSetCookie()).toEqual([]);
  });

  it('inviting again replaces the temporary password', async () => {
    const { email, temporaryPassword, userId } = await invite();
    const again = await admin.post(`/api/rest/v1/enterprise/account-users/${userId}/invite`);
    expect(again.status).toBe(200);
    expect(again.body).not.toHaveProperty('temporaryPassword');
    const fresh = temporaryPasswordIn(lastMailTo(smtp, email));
    expect(fresh).not.toBe(temporaryPassword);
    expect(
      (await new TestClient(server.baseUrl).post(LOGIN, { email, password: temporaryPassword }))
        .status,
    ).toBe(401);
    expect(
      (
        await new TestClient(server.baseUrl).post(LOGIN, {
          email,
          password: fresh,
        })
      ).status,
    ).toBe(200);
  });

  it('an active member changes their password only with the current one', async () => {
    const client = await signIn(server, account);
    const without = await client.put('/api/rest/v1/enterprise/account-users/update-password', {
      password: 'brand-new-pass-1',
    });
    expect(without.status).toBe(400);
    const wrong = await client.put('/api/rest/v1/enterprise/account-users/update-password', {
      password: 'brand-new-pass-1',
      currentPassword: 'not-it-at-all',
    });
    expect(wrong.status).toBe(400);
    const right = await client.put('/api/rest/v1/enterprise/account-users/update-password', {
      password: 'brand-new-pass-1',
      currentPassword: account.password,
    });
    expect(right.status).toBe(200);
    expect(
      (
        await new TestClient(server.baseUrl).post(LOGIN, {
          email: account.email,
          password: 'brand-new-pass-1',
        })
      ).status,
    ).toBe(200);
  });
});
