import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  allPermissions,
  PERMISSION_KEYS,
  RESERVED_ROLE_NAME_MESSAGE,
  VIEWER_PERMISSIONS,
} from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const ROLES = '/api/rest/v1/enterprise/roles';

describe('roles', () => {
  let server: TestServer;
  let account: AccountFixture;
  let admin: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    admin = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('lists the two protected built-in roles of a new account', async () => {
    const response = await admin.get(ROLES);
    expect(response.status).toBe(200);
    const roles = response.body.data as { name: string; isProtected: boolean; members: string[] }[];
    expect(roles.map((r) => [r.name, r.isProtected])).toEqual([
      ['admin', true],
      ['viewer', true],
    ]);
    expect(roles[0]?.members).toEqual([account.userId]);
  });

  it('trims and lowercases the name and keeps the permissions given', async () => {
    const response = await admin.put(ROLES, {
      name: '  Packing Team ',
      permissions: { 'items.read': true, 'items.write': true },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      name: 'packing team',
      isProtected: false,
      members: [],
    });
    expect(response.body.data.permissions).toMatchObject({
      'items.read': true,
      'items.write': true,
      'team.manage': false,
    });
  });

  it.each(['admin', 'Viewer', '  ADMIN  '])(
    'refuses the reserved name %j with the spec message',
    async (name) => {
      const response = await admin.put(ROLES, { name, permissions: {} });
      expect(response.status).toBe(400);
      expect(response.body.issues).toContainEqual({
        path: 'name',
        message: RESERVED_ROLE_NAME_MESSAGE,
      });
    },
  );

  it('accepts a name of 160 characters and refuses 161', async () => {
    expect((await admin.put(ROLES, { name: 'a'.repeat(160) })).status).toBe(200);
    const tooLong = await admin.put(ROLES, { name: 'b'.repeat(161) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues).toContainEqual({
      path: 'name',
      message: 'Name must be at most 160 characters',
    });
  });

  it('refuses an unknown permission key and a duplicate name', async () => {
    expect(
      (await admin.put(ROLES, { name: 'odd', permissions: { 'rockets.launch': true } })).status,
    ).toBe(400);
    expect((await admin.put(ROLES, { name: 'listers' })).status).toBe(200);
    const duplicate = await admin.put(ROLES, { name: 'Listers' });
    expect(duplicate.status).toBe(409);
  });

  it('the database refuses a reserved or unnormalised name even if a bug let one through', async () => {
    const { roles } = server.container.repositories;
    const base = { accountId: account.accountId, userId: account.userId, permissions: {} };
    await expect(roles.create({ ...base, id: 'x'.repeat(24), name: 'viewer' })).rejects.toThrow();
    await expect(
      roles.create({ ...base, id: 'y'.repeat(24), name: 'Mixed Case' }),
    ).rejects.toThrow();
    await expect(roles.create({ ...base, id: 'short', name: 'fine' })).rejects.toThrow();
  });

  it('saves, finds, assigns members to and removes a role', async () => {
    const created = (
      await admin.put(ROLES, {
        name: 'photographers',
        color: '#40c057',
        permissions: { 'items.read': true },
      })
    ).body.data;
    const renamed = await admin.put(ROLES, {
      id: created.id,
      name: 'Photo Studio',
      permissions: { 'items.read': true, 'items.write': true },
    });
    expect(renamed.body.data).toMatchObject({
      id: created.id,
      name: 'photo studio',
      color: '#40c057',
    });

    const member = await addMember(server, account, { roleId: null });
    const assigned = await admin.post(`${ROLES}/assign-members`, {
      roleId: created.id,
      userIds: [member.userId],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.members).toEqual([member.userId]);

    // The member now holds exactly those permissions.
    const memberClient = await signIn(server, member);
    const session = (await memberClient.get('/api/rest/v1/auth/session')).body;
    expect(session.role.name).toBe('photo studio');
    expect(session.permissions['items.write']).toBe(true);
    expect(session.permissions['roles.manage']).toBe(false);

    const found = await admin.get(`${ROLES}/find-one?id=${created.id}`);
    expect(found.body.data.id).toBe(created.id);

    const removed = await admin.delete(`${ROLES}/${created.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.data).toEqual({
      id: created.id,
      membersMoved: 1,
      movedToRoleId: account.viewerRoleId,
    });
    expect((await admin.get(`${ROLES}/find-one?id=${created.id}`)).status).toBe(404);
    // The member fell back to the built-in viewer role: read-only, nothing more.
    const after = (await memberClient.get('/api/rest/v1/auth/session')).body;
    expect(after.role).toMatchObject({ id: account.viewerRoleId, name: 'viewer' });
    expect(after.permissions).toEqual({ ...VIEWER_PERMISSIONS });
  });

  it('built-in roles can be neither changed nor removed', async () => {
    expect((await admin.put(ROLES, { id: account.viewerRoleId, name: 'watchers' })).status).toBe(
      409,
    );
    expect((await admin.delete(`${ROLES}/${account.adminRoleId}`)).status).toBe(409);
  });

  it('removes a role nobody holds with none moved, and refuses an unknown or malformed id', async () => {
    const empty = (await admin.put(ROLES, { name: 'nobody here' })).body.data;
    const removed = await admin.delete(`${ROLES}/${empty.id}`);
    expect(removed.body.data).toMatchObject({ id: empty.id, membersMoved: 0 });
    expect((await admin.delete(`${ROLES}/${empty.id}`)).status).toBe(404);
    expect((await admin.delete(`${ROLES}/${'z'.repeat(65)}`)).status).toBe(400);
  });

  it('moves every holder to the viewer and leaves other members where they were', async () => {
    const packers = (
      await admin.put(ROLES, { name: 'packers', permissions: { 'items.read': true } })
    ).body.data;
    const listers = (await admin.put(ROLES, { name: 'listers two' })).body.data;
    const a = await addMember(server, account, { roleId: packers.id });
    const b = await addMember(server, account, { roleId: packers.id, status: 'pending' });
    const c = await addMember(server, account, { roleId: listers.id });
    const removed = await admin.delete(`${ROLES}/${packers.id}`);
    expect(removed.body.data.membersMoved).toBe(2);
    const rows = await queryRows<{ user_id: string; role: string | null }>(
      server,
      sql`SELECT user_id, role FROM account_users WHERE account_id = ${account.accountId}
          AND user_id IN (${a.userId}, ${b.userId}, ${c.userId})`,
    );
    const roleOf = new Map(rows.map((r) => [r.user_id, r.role]));
    expect(roleOf.get(a.userId)).toBe(account.viewerRoleId);
    expect(roleOf.get(b.userId)).toBe(account.viewerRoleId);
    expect(roleOf.get(c.userId)).toBe(listers.id);
  });

  it('gives the built-in admin every key, also one its saved row predates', async () => {
    // An admin row saved before a key existed: the key is missing from its stored map.
    await queryRows(
      server,
      sql`UPDATE roles SET permissions = permissions - 'activity.read'
          WHERE id = ${account.adminRoleId}`,
    );
    const [stored] = await queryRows<{ permissions: Record<string, boolean> }>(
      server,
      sql`SELECT permissions FROM roles WHERE id = ${account.adminRoleId}`,
    );
    expect(stored?.permissions['activity.read']).toBeUndefined();
    const session = (await admin.get('/api/rest/v1/auth/session')).body;
    expect(session.permissions).toEqual(allPermissions(true));
    const listed = (await admin.get(ROLES)).body.data as {
      name: string;
      permissions: Record<string, boolean>;
    }[];
    const builtIn = new Map(listed.map((r) => [r.name, r.permissions]));
    expect(builtIn.get('admin')).toEqual(allPermissions(true));
    // The viewer stays read-only: new keys are not the viewer's.
    expect(PERMISSION_KEYS.filter((key) => builtIn.get('viewer')?.[key])).toEqual([
      'items.read',
      'sales.read',
      'reports.read',
    ]);
  });
});
