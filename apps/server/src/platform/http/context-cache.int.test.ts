import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import * as schema from '../../schema';
import {
  addMember,
  addRole,
  createAccount,
  signIn,
  type AccountFixture,
} from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { openDatabase } from '../db/database';

const ITEMS = '/api/account/item?limit=1';

/**
 * Who a session is stays cached for a few seconds, and a change to the session, the user, a
 * membership, an account or a role, by any path, is seen by the very next request.
 */
describe('signed-in identities kept between requests', () => {
  let server: TestServer;
  let account: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
  });
  afterAll(() => server.close());
  afterEach(() => vi.restoreAllMocks());

  const run = (statement: ReturnType<typeof sql>) =>
    server.container.database.db.execute(statement);

  it('answers a session’s next requests without asking for it again', async () => {
    const client = await signIn(server, account);
    const resolve = vi.spyOn(server.container.services.auth, 'resolve');
    for (let i = 0; i < 3; i += 1) expect((await client.get(ITEMS)).status).toBe(200);
    expect(resolve).toHaveBeenCalledTimes(1);
  });

  it('signs a member out on the request after their membership is made inactive', async () => {
    const member = await addMember(server, account);
    const client = await signIn(server, member);
    expect((await client.get(ITEMS)).status).toBe(200);
    await run(sql`UPDATE account_users SET status = 'inactive' WHERE user_id = ${member.userId}`);
    const after = await client.get(ITEMS);
    expect(after.status).toBe(401);
  });

  it('refuses a permission on the request after the role loses it', async () => {
    const roleId = await addRole(server, account, 'lister', { 'items.read': true });
    const member = await addMember(server, account, { roleId });
    const client = await signIn(server, member);
    expect((await client.get(ITEMS)).status).toBe(200);
    await run(
      sql`UPDATE roles SET permissions = '{"items.read": false}'::jsonb WHERE id = ${roleId}`,
    );
    expect((await client.get(ITEMS)).status).toBe(403);
  });

  it('forgets a session the moment it ends, and a user’s sessions when they change', async () => {
    const member = await addMember(server, account);
    const client = await signIn(server, member);
    expect((await client.get(ITEMS)).status).toBe(200);
    await run(sql`DELETE FROM auth_sessions WHERE user_id = ${member.userId}`);
    expect((await client.get(ITEMS)).status).toBe(401);

    const again = await signIn(server, member);
    expect((await again.get(ITEMS)).status).toBe(200);
    await run(sql`UPDATE accounts SET status = 'inactive' WHERE account_id = ${account.accountId}`);
    try {
      expect((await again.get(ITEMS)).status).toBe(401);
    } finally {
      await run(sql`UPDATE accounts SET status = 'active' WHERE account_id = ${account.accountId}`);
    }
  });

  it('tells another process of every change, at its commit', async (context) => {
    if (server.databaseKind !== 'postgres') context.skip();
    // Another process: its own pool on the test server's database.
    const current = await run(sql`SELECT current_database() AS name`);
    const address = new URL(process.env.TEST_DATABASE_URL ?? '');
    address.pathname = `/${(current as unknown as { rows: { name: string }[] }).rows[0]!.name}`;
    const other = await openDatabase({ kind: 'postgres', url: address.toString() }, schema);
    try {
      const heard: string[] = [];
      other.onNotification('listloop_context', (payload) => heard.push(payload));
      // A connection of the other process must exist to hear anything.
      await other.ping();
      const member = await addMember(server, account);
      await run(sql`UPDATE account_users SET status = 'inactive' WHERE user_id = ${member.userId}`);
      await vi.waitFor(() => expect(heard).toContain(`u:${member.userId}`), { timeout: 2000 });
      await run(
        sql`UPDATE accounts SET account_name = account_name WHERE account_id = ${account.accountId}`,
      );
      await vi.waitFor(() => expect(heard).toContain(`a:${account.accountId}`), { timeout: 2000 });
    } finally {
      await other.close();
    }
  });
});
