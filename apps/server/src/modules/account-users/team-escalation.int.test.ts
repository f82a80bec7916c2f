import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import {
  addMember,
  createAccount,
  signIn,
  uniqueEmail,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import {
  lastMailTo,
  startSmtpReceiver,
  temporaryPasswordIn,
  type SmtpReceiver,
} from '../../../test/smtp-receiver';

const ROLES = '/api/rest/v1/enterprise/roles';
const USERS = '/api/rest/v1/enterprise/account-users';
const CREATE = '/api/account-users/create-with-temporary-password';
const LOGIN = '/api/rest/v1/auth/session_login';

/**
 * Inside one account, nobody climbs above their own role: nobody grants a permission they
 * lack, the built-in roles are the owner's to give, and the owner is the owner's to change.
 */
describe('team: no privilege escalation inside an account', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let account: AccountFixture;
  let owner: TestClient;

  async function memberWith(name: string, permissions: Record<string, boolean>) {
    const role = await owner.put(ROLES, { name, permissions });
    expect(role.status, role.text).toBe(200);
    const member = await addMember(server, account, { roleId: role.body.data.id as string });
    return { ...member, roleId: role.body.data.id as string, client: await signIn(server, member) };
  }

  async function membership(userId: string) {
    const [row] = await queryRows<{ role: string | null; status: string; is_owner: boolean }>(
      server,
      sql`SELECT role, status, is_owner FROM account_users
          WHERE account_id = ${account.accountId} AND user_id = ${userId}`,
    );
    return row;
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000', SMTP_URL: smtp.url, MAIL_FROM: 'team@listloop.test' },
    });
    account = await createAccount(server, { companyName: 'Rag and Bone Resale' });
    owner = await signIn(server, account);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('makes the person who opened the account its owner', async () => {
    expect(await membership(account.userId)).toMatchObject({ is_owner: true });
  });

  describe('a member who may only manage roles', () => {
    it('cannot give themselves the admin role', async () => {
      const me = await memberWith('role keepers', { 'roles.manage': true });
      const response = await me.client.post(`${ROLES}/assign-members`, {
        roleId: account.adminRoleId,
        userIds: [me.userId],
      });
      expect(response.status, response.text).toBe(403);
      expect(response.body.code).toBe('team/protected-role');
      expect((await membership(me.userId))?.role).toBe(me.roleId);
    });

    it('cannot make a role with permissions they lack, nor give themselves one', async () => {
      const me = await memberWith('role makers', { 'roles.manage': true });
      const made = await me.client.put(ROLES, {
        name: 'all powerful',
        permissions: { 'roles.manage': true, 'team.manage': true },
      });
      expect(made.status, made.text).toBe(403);
      expect(made.body.code).toBe('team/grant-beyond-own');
      expect(made.body.message).toContain('team.manage');
      const names = ((await owner.get(ROLES)).body.data as { name: string }[]).map((r) => r.name);
      expect(names).not.toContain('all powerful');

      // A role the owner made with more in it cannot be handed to oneself either, nor widened.
      const wider = await owner.put(ROLES, {
        name: 'account keepers',
        permissions: { 'roles.manage': true, 'account.manage': true },
      });
      const assign = await me.client.post(`${ROLES}/assign-members`, {
        roleId: wider.body.data.id,
        userIds: [me.userId],
      });
      expect(assign.status, assign.text).toBe(403);
      expect(assign.body.code).toBe('team/grant-beyond-own');
      expect((await membership(me.userId))?.role).toBe(me.roleId);

      const widen = await me.client.put(ROLES, {
        id: me.roleId,
        name: 'role makers',
        permissions: { 'roles.manage': true, 'items.delete': true },
      });
      expect(widen.status, widen.text).toBe(403);
      expect(
        (await owner.get(`${ROLES}/find-one?id=${me.roleId}`)).body.data.permissions,
      ).toMatchObject({ 'items.delete': false });

      // Within their reach, a role is made as before.
      const within = await me.client.put(ROLES, {
        name: 'role helpers',
        permissions: { 'roles.manage': true },
      });
      expect(within.status, within.text).toBe(200);
    });

    it('cannot move the owner to another role', async () => {
      const me = await memberWith('role movers', { 'roles.manage': true });
      const move = await me.client.post(`${ROLES}/assign-members`, {
        roleId: me.roleId,
        userIds: [account.userId],
      });
      expect(move.status, move.text).toBe(403);
      expect(move.body.code).toBe('team/owner-protected');
      expect((await membership(account.userId))?.role).toBe(account.adminRoleId);
    });
  });

  describe('a member whose role can do less', () => {
    it('cannot demote, deactivate or remove a member who can do more, nor delete their role', async () => {
      const manager = await memberWith('managers', {
        'items.read': true,
        'roles.manage': true,
        'team.manage': true,
        'account.manage': true,
      });
      const me = await memberWith('team helpers', { 'roles.manage': true, 'team.manage': true });
      const demote = await me.client.post(`${ROLES}/assign-members`, {
        roleId: me.roleId,
        userIds: [manager.userId],
      });
      expect(demote.status, demote.text).toBe(403);
      expect(demote.body.code).toBe('team/member-above-you');
      expect(demote.body.message).toContain('account.manage');
      const deactivate = await me.client.put(`${USERS}/update-status`, {
        userId: manager.userId,
        status: 'inactive',
      });
      expect(deactivate.status, deactivate.text).toBe(403);
      const remove = await me.client.delete(`${USERS}/${manager.userId}`);
      expect(remove.status, remove.text).toBe(403);
      const dropRole = await me.client.delete(`${ROLES}/${manager.roleId}`);
      expect(dropRole.status, dropRole.text).toBe(403);
      expect(await membership(manager.userId)).toMatchObject({
        role: manager.roleId,
        status: 'active',
      });

      // A member within their reach is theirs to move.
      const peer = await memberWith('helpers', { 'team.manage': true });
      const move = await me.client.post(`${ROLES}/assign-members`, {
        roleId: me.roleId,
        userIds: [peer.userId],
      });
      expect(move.status, move.text).toBe(200);
      expect((await membership(peer.userId))?.role).toBe(me.roleId);
    });
  });

  describe('a member who may only manage the team', () => {
    it('cannot add an admin, and never sees the temporary password of whom they add', async () => {
      const me = await memberWith('hiring', { 'team.manage': true });
      const email = uniqueEmail('would-be-admin');
      const admin = await me.client.post(CREATE, { email, roleId: account.adminRoleId });
      expect(admin.status, admin.text).toBe(403);
      expect(admin.body.code).toBe('team/protected-role');
      expect(smtp.messages.some((m) => m.envelopeTo.includes(email))).toBe(false);

      const plain = await me.client.post(CREATE, { email, name: 'Pat Packer' });
      expect(plain.status, plain.text).toBe(201);
      expect(plain.body).toEqual({ accountUser: expect.objectContaining({ email }) });
      expect(plain.text).not.toMatch(/temporaryPassword"\s*:\s*"/);
      const mail = lastMailTo(smtp, email);
      expect(mail.subject).toBe('Join Rag and Bone Resale on ListLoop');
      const login = await new TestClient(server.baseUrl).post(LOGIN, {
        email,
        password: temporaryPasswordIn(mail),
      });
      expect(login.status, login.text).toBe(200);
    });

    it('cannot deactivate or remove the owner', async () => {
      const me = await memberWith('team leads', { 'team.manage': true });
      const deactivate = await me.client.put(`${USERS}/update-status`, {
        userId: account.userId,
        status: 'inactive',
      });
      expect(deactivate.status, deactivate.text).toBe(403);
      expect(deactivate.body.code).toBe('team/owner-protected');
      const remove = await me.client.delete(`${USERS}/${account.userId}`);
      expect(remove.status, remove.text).toBe(403);
      expect(await membership(account.userId)).toMatchObject({ status: 'active', is_owner: true });
      expect((await owner.get('/api/rest/v1/auth/session')).status).toBe(200);
    });
  });

  it('another admin cannot deactivate or demote the owner either', async () => {
    const other = await addMember(server, account, { roleId: account.adminRoleId });
    const client = await signIn(server, other);
    const deactivate = await client.put(`${USERS}/update-status`, {
      userId: account.userId,
      status: 'inactive',
    });
    expect(deactivate.status, deactivate.text).toBe(403);
    const demote = await client.post(`${ROLES}/assign-members`, {
      roleId: account.viewerRoleId,
      userIds: [account.userId],
    });
    expect(demote.status, demote.text).toBe(403);
    expect(await membership(account.userId)).toMatchObject({
      status: 'active',
      role: account.adminRoleId,
    });
  });

  it('the owner gives the built-in roles and manages the rest of the team', async () => {
    const member = await addMember(server, account, { roleId: null });
    const promote = await owner.post(`${ROLES}/assign-members`, {
      roleId: account.adminRoleId,
      userIds: [member.userId],
    });
    expect(promote.status, promote.text).toBe(200);
    expect((await membership(member.userId))?.role).toBe(account.adminRoleId);
    const deactivate = await owner.put(`${USERS}/update-status`, {
      userId: member.userId,
      status: 'inactive',
    });
    expect(deactivate.status, deactivate.text).toBe(200);
  });

  describe('bulk-create-by-email', () => {
    it('answers the same for an address with a sign-in elsewhere as for a new one', async () => {
      const elsewhere = await createAccount(server, { companyName: 'Someone Else Shop' });
      const fresh = uniqueEmail('fresh');
      const response = await owner.post(`${USERS}/bulk-create-by-email`, {
        emails: [elsewhere.email, fresh],
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual([
        { email: elsewhere.email, ok: true },
        { email: fresh, ok: true },
      ]);
      // Both addresses hear of it; only the new one is invited, with a password.
      expect(temporaryPasswordIn(lastMailTo(smtp, fresh))).toMatch(/-/);
      const note = lastMailTo(smtp, elsewhere.email);
      expect(note.subject).toBe('Someone tried to add you to Rag and Bone Resale on ListLoop');
      expect(() => temporaryPasswordIn(note)).toThrow();
      const team = (await owner.get(USERS)).body.data as { email: string }[];
      expect(team.map((u) => u.email)).toContain(fresh);
      expect(team.map((u) => u.email)).not.toContain(elsewhere.email);
    });

    it('refuses a role beyond the caller, as the single create does', async () => {
      const me = await memberWith('bulk hiring', { 'team.manage': true });
      const response = await me.client.post(`${USERS}/bulk-create-by-email`, {
        emails: [uniqueEmail('bulk')],
        roleId: account.adminRoleId,
      });
      expect(response.status, response.text).toBe(403);
      expect(response.body.code).toBe('team/protected-role');
    });
  });
});

describe('team: with e-mail off', () => {
  let server: TestServer;
  let account: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
  });
  afterAll(() => server.close());

  it('adds nobody, since the temporary password could reach them only by e-mail', async () => {
    const owner = await signIn(server, account);
    const email = uniqueEmail('unreachable');
    const response = await owner.post(CREATE, { email });
    expect(response.status, response.text).toBe(409);
    expect(response.body.code).toBe('team/email-off');
    const found = await server.container.services.auth.findUserByEmail(email);
    expect(found).toBeNull();
  });
});
