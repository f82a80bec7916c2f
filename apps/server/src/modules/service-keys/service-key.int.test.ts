import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES } from '@listloop/domain';
import { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const KEYS = '/api/rest/v1/enterprise/account/service-keys';
const ITEMS = '/api/account/item';
const ROLES = '/api/rest/v1/enterprise/roles';

interface CreatedKey {
  secret: string;
  serviceKey: { id: string; hint: string; lastUsedAt: string | null };
}

/**
 * Service keys (decision 0045): made by whoever manages the account, shown once, acting as
 * their maker within the key's scope on the routes that take them, and refused once revoked.
 */
describe('service keys: the account’s API keys for programs', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let ownItemId: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    const item = await owner.post(ITEMS, {
      generalDetails: { title: 'Owner’s denim jacket', sku: 'KEY-A-1', price: 40 },
    });
    expect(item.status, item.text).toBe(201);
    ownItemId = item.body.item.itemID as string;
  });
  afterAll(() => server.close());

  /** A program: no cookies, no Origin, only its key. */
  const program = (secret: string) => {
    const client = new TestClient(server.baseUrl, { origin: null });
    const auth = { authorization: `Bearer ${secret}` };
    return {
      request: (method: string, path: string, body?: unknown) =>
        client.request(method, path, { headers: auth, ...(body === undefined ? {} : { body }) }),
      get: (path: string) => client.get(path, auth),
    };
  };
  const makeKey = async (
    client: TestClient,
    body: { name: string; kind: 'search' | 'user_role'; roleId?: string },
  ): Promise<CreatedKey> => {
    const created = await client.post(KEYS, body);
    expect(created.status, created.text).toBe(201);
    return created.body.data as CreatedKey;
  };
  const makeRole = async (name: string, permissions: Record<string, boolean>) => {
    const role = await owner.put(ROLES, { name, permissions });
    expect(role.status, role.text).toBe(200);
    return role.body.data.id as string;
  };
  const memberWith = async (permissions: Record<string, boolean>, name: string) => {
    const roleId = await makeRole(name, permissions);
    const member = await addMember(server, account, { roleId });
    return { ...member, roleId, client: await signIn(server, member) };
  };
  const listed = async () => {
    const response = await owner.get(KEYS);
    expect(response.status, response.text).toBe(200);
    return response.body.data.data as {
      id: string;
      name: string;
      kind: string;
      hint: string;
      role: { id: string; name: string } | null;
      createdBy: { userId: string; name: string };
      lastUsedAt: string | null;
      revokedAt: string | null;
    }[];
  };

  it('makes a key, shows its secret once, keeps only its hash, and lists it newest first', async () => {
    const first = await makeKey(owner, { name: 'Website search', kind: 'search' });
    expect(first.secret).toMatch(/^lls_[A-Za-z0-9_-]{43}$/);
    expect(first.serviceKey.hint).toBe(first.secret.slice(-4));
    const roleId = await makeRole('stock sync', { 'items.read': true, 'items.write': true });
    const second = await makeKey(owner, { name: 'Stock sync', kind: 'user_role', roleId });
    expect(second.secret).toMatch(/^llk_[A-Za-z0-9_-]{43}$/);

    const [stored] = await queryRows<{ token_hash: string; hint: string }>(
      server,
      sql`SELECT token_hash, hint FROM service_keys WHERE id = ${first.serviceKey.id}`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(first.secret.slice(4, -4));

    const keys = await listed();
    expect(keys.slice(0, 2).map((k) => k.id)).toEqual([second.serviceKey.id, first.serviceKey.id]);
    expect(keys[0]).toMatchObject({
      name: 'Stock sync',
      kind: 'user_role',
      role: { id: roleId, name: 'stock sync' },
      createdBy: { userId: account.userId, name: 'Ada Seller' },
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(keys[1]).toMatchObject({ kind: 'search', role: null });
    const text = JSON.stringify(keys);
    expect(text).not.toContain(first.secret);
    expect(text).not.toContain(second.secret);
  });

  it('a search key lists and reads the inventory, and nothing else', async () => {
    const { secret, serviceKey } = await makeKey(owner, { name: 'Search', kind: 'search' });
    const key = program(secret);
    const list = await key.get(`${ITEMS}?limit=50`);
    expect(list.status, list.text).toBe(200);
    expect(list.body.items.map((i: { itemID: string }) => i.itemID)).toContain(ownItemId);
    const one = await key.get(`${ITEMS}/${account.userId}/${ownItemId}`);
    expect(one.status, one.text).toBe(200);

    const before = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM items`,
    );
    const refusals: [string, string, unknown?][] = [
      ['POST', ITEMS, { generalDetails: { title: 'Made by a search key' } }],
      ['GET', '/api/account/item/export'],
      ['GET', ROLES],
      ['GET', KEYS],
      ['GET', '/api/rest/v1/auth/session'],
      ['POST', '/api/rest/v1/executor/claim', { marketplaces: ['poshmark'] }],
      ['POST', '/api/rest/v1/auth/session_login', { email: account.email, password: 'x' }],
    ];
    for (const [method, path, body] of refusals) {
      const refused = await key.request(method, path, body);
      expect(refused.status, `${method} ${path}: ${refused.text}`).toBe(403);
      expect(refused.body.code).toBe('auth/service-key-scope');
      expect(refused.body.message).not.toBe('');
    }
    expect(
      await queryRows<{ n: number }>(server, sql`SELECT count(*)::int AS n FROM items`),
    ).toEqual(before);

    // Its use is recorded, at most once a minute.
    const used = (await listed()).find((k) => k.id === serviceKey.id)!;
    expect(used.lastUsedAt).not.toBeNull();
    await key.get(`${ITEMS}?limit=1`);
    expect((await listed()).find((k) => k.id === serviceKey.id)!.lastUsedAt).toBe(used.lastUsedAt);
  });

  it('a role key acts within its role and its maker’s permissions, nowhere a key may not go', async () => {
    const readOnly = await makeRole('key readers', { 'items.read': true });
    const reader = program(
      (await makeKey(owner, { name: 'Reader', kind: 'user_role', roleId: readOnly })).secret,
    );
    expect((await reader.get(`${ITEMS}?limit=5`)).status).toBe(200);
    const write = await reader.request('POST', ITEMS, { generalDetails: { title: 'Nope' } });
    expect(write.status).toBe(403);
    expect(write.body).toMatchObject({
      code: 'auth/forbidden',
      message: ERROR_MESSAGES['auth/forbidden'],
    });
    // Made by the owner, it still does only what its role does.
    const roles = await reader.get(ROLES);
    expect(roles.status).toBe(403);
    expect(roles.body.code).toBe('auth/forbidden');

    const managers = await makeRole('key managers', {
      'items.read': true,
      'items.write': true,
      'account.manage': true,
    });
    const writer = program(
      (await makeKey(owner, { name: 'Writer', kind: 'user_role', roleId: managers })).secret,
    );
    const made = await writer.request('POST', ITEMS, {
      generalDetails: { title: 'Made by a role key', sku: 'KEY-A-2' },
    });
    expect(made.status, made.text).toBe(201);
    // A key never makes keys, pairs a browser, or does a person's session work.
    for (const [method, path, body] of [
      ['POST', KEYS, { name: 'Minted', kind: 'search' }],
      ['GET', KEYS],
      ['POST', '/api/executor-tokens', { name: 'Laptop' }],
      ['GET', '/api/rest/v1/auth/session'],
      ['POST', '/api/rest/v1/executor/claim', { marketplaces: ['poshmark'] }],
    ] as [string, string, unknown?][]) {
      const refused = await writer.request(method, path, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.code).toBe('auth/service-key-scope');
    }

    // The maker's permissions narrow the key: a maker who loses items.write takes it from the key.
    const maker = await memberWith(
      { 'items.read': true, 'items.write': true, 'account.manage': true },
      'key makers',
    );
    const theirs = program(
      (await makeKey(maker.client, { name: 'Theirs', kind: 'user_role', roleId: managers })).secret,
    );
    expect(
      (await theirs.request('POST', ITEMS, { generalDetails: { title: 'While allowed' } })).status,
    ).toBe(201);
    await owner.put(ROLES, {
      id: maker.roleId,
      name: 'key makers',
      permissions: { 'items.read': true, 'account.manage': true },
    });
    const narrowed = await theirs.request('POST', ITEMS, { generalDetails: { title: 'Not now' } });
    expect(narrowed.status).toBe(403);
    expect(narrowed.body.code).toBe('auth/forbidden');
  });

  it('refuses a key whose maker left, a revoked or unknown key, and one whose role is gone', async () => {
    const maker = await memberWith({ 'items.read': true, 'account.manage': true }, 'leavers');
    const { secret } = await makeKey(maker.client, { name: 'Leaver', kind: 'search' });
    expect((await program(secret).get(`${ITEMS}?limit=1`)).status).toBe(200);
    await queryRows(
      server,
      sql`UPDATE account_users SET status = 'inactive' WHERE user_id = ${maker.userId}`,
    );
    const left = await program(secret).get(`${ITEMS}?limit=1`);
    expect(left.status).toBe(401);
    expect(left.body).toMatchObject({
      code: 'auth/service-key-invalid',
      message: ERROR_MESSAGES['auth/service-key-invalid'],
    });

    const revokedKey = await makeKey(owner, { name: 'To revoke', kind: 'search' });
    expect((await program(revokedKey.secret).get(`${ITEMS}?limit=1`)).status).toBe(200);
    const revoked = await owner.delete(`${KEYS}/${revokedKey.serviceKey.id}`);
    expect(revoked.status, revoked.text).toBe(204);
    const listedRevoked = (await listed()).find((k) => k.id === revokedKey.serviceKey.id)!;
    expect(listedRevoked.revokedAt).not.toBeNull();
    expect((await owner.delete(`${KEYS}/${revokedKey.serviceKey.id}`)).status).toBe(204);
    expect((await listed()).find((k) => k.id === revokedKey.serviceKey.id)!.revokedAt).toBe(
      listedRevoked.revokedAt,
    );
    for (const bad of [
      revokedKey.secret,
      `lls_${'A'.repeat(43)}`,
      `llk_${'A'.repeat(43)}`,
      'lls_short',
      // The right secret under the other kind's prefix is no key.
      `llk_${revokedKey.secret.slice(4)}`,
    ]) {
      const refused = await program(bad).get(`${ITEMS}?limit=1`);
      expect(refused.status, bad).toBe(401);
      expect(refused.body.code).toBe('auth/service-key-invalid');
    }

    const passing = await makeRole('passing role', { 'items.read': true });
    const roleKey = await makeKey(owner, { name: 'Passing', kind: 'user_role', roleId: passing });
    expect((await program(roleKey.secret).get(`${ITEMS}?limit=1`)).status).toBe(200);
    expect((await owner.delete(`${ROLES}/${passing}`)).status).toBeLessThan(300);
    expect((await program(roleKey.secret).get(`${ITEMS}?limit=1`)).status).toBe(401);
    expect((await listed()).find((k) => k.id === roleKey.serviceKey.id)!.role).toBeNull();
  });

  it('nobody makes a key that can do more than they can', async () => {
    const manager = await memberWith(
      { 'account.manage': true, 'items.read': true },
      'account managers',
    );
    const wider = await makeRole('wider', { 'items.read': true, 'team.manage': true });
    const beyond = await manager.client.post(KEYS, {
      name: 'Too wide',
      kind: 'user_role',
      roleId: wider,
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body.code).toBe('team/grant-beyond-own');
    expect(beyond.body.message).toContain('team.manage');

    const admin = await manager.client.post(KEYS, {
      name: 'Admin key',
      kind: 'user_role',
      roleId: account.adminRoleId,
    });
    expect(admin.status).toBe(403);
    expect(admin.body.code).toBe('team/protected-role');
    // The owner may give the built-in roles.
    expect(
      (await owner.post(KEYS, { name: 'Admin', kind: 'user_role', roleId: account.adminRoleId }))
        .status,
    ).toBe(201);

    const blind = await memberWith({ 'account.manage': true }, 'blind managers');
    const search = await blind.client.post(KEYS, { name: 'Search', kind: 'search' });
    expect(search.status).toBe(403);
    expect(search.body.code).toBe('team/grant-beyond-own');

    const nobody = await memberWith({ 'items.read': true }, 'plain readers');
    expect((await nobody.client.get(KEYS)).status).toBe(403);
    expect((await nobody.client.post(KEYS, { name: 'x', kind: 'search' })).status).toBe(403);
  });

  it('answers a clear 4xx to a body that is not a key', async () => {
    const noRole = await owner.post(KEYS, { name: 'No role', kind: 'user_role' });
    expect(noRole.status).toBe(400);
    expect(noRole.text).toContain('Choose the role');
    const searchWithRole = await owner.post(KEYS, {
      name: 'x',
      kind: 'search',
      roleId: account.viewerRoleId,
    });
    expect(searchWithRole.status).toBe(400);
    expect((await owner.post(KEYS, { name: '   ', kind: 'search' })).status).toBe(400);
    expect((await owner.post(KEYS, { name: 'x'.repeat(101), kind: 'search' })).status).toBe(400);
    expect((await owner.post(KEYS, { name: 'x', kind: 'admin' })).status).toBe(400);
    const unknownRole = await owner.post(KEYS, {
      name: 'x',
      kind: 'user_role',
      roleId: 'nosuchrole0000000000000001',
    });
    expect(unknownRole.status).toBe(404);
    expect((await owner.delete(`${KEYS}/nosuchkey00000000000000001`)).status).toBe(404);
  });

  it('a key reads only its own account’s items', async () => {
    const other = await createAccount(server, { companyName: 'Other Shop' });
    const otherOwner = await signIn(server, other);
    const theirItem = await otherOwner.post(ITEMS, {
      generalDetails: { title: 'Other shop’s lamp', sku: 'KEY-B-1' },
    });
    expect(theirItem.status).toBe(201);
    const theirItemId = theirItem.body.item.itemID as string;

    const mine = program((await makeKey(owner, { name: 'Mine', kind: 'search' })).secret);
    const list = await mine.get(`${ITEMS}?limit=100`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain('Other shop’s lamp');
    expect(list.text).not.toContain(theirItemId);
    const asOther = await mine.get(`${ITEMS}?limit=100&userId=${other.userId}`);
    expect(asOther.text).not.toContain('Other shop’s lamp');
    const one = await mine.get(`${ITEMS}/${other.userId}/${theirItemId}`);
    expect(one.status).toBe(404);
    expect(one.text).not.toContain('lamp');

    // Their key does not see mine either, nor revoke-able from here.
    const theirs = await makeKey(otherOwner, { name: 'Theirs', kind: 'search' });
    const theirList = await program(theirs.secret).get(`${ITEMS}?limit=100`);
    expect(theirList.text).not.toContain(ownItemId);
    expect((await owner.delete(`${KEYS}/${theirs.serviceKey.id}`)).status).toBe(404);
    expect((await program(theirs.secret).get(`${ITEMS}?limit=1`)).status).toBe(200);
  });

  it('puts each kind’s newest live key, masked, in the session state of who manages keys', async () => {
    const search = await makeKey(owner, { name: 'Newest search', kind: 'search' });
    const session = await owner.get('/api/rest/v1/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.authKeys.searchReadOnly).toEqual({
      key: `lls_…${search.serviceKey.hint}`,
    });
    expect(session.body.authKeys.userRole.key).toMatch(/^llk_….{4}$/);
    expect(session.text).not.toContain(search.secret);

    const reader = await memberWith({ 'items.read': true }, 'session readers');
    const theirs = await reader.client.get('/api/rest/v1/auth/session');
    expect(theirs.body.authKeys).toEqual({ searchReadOnly: null, userRole: null });
  });
});
