import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

const OPTIONS = '/api/account/variants/options';

describe('variant options', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server);
    client = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('starts empty, with variants off as the account has them', async () => {
    const response = await client.get(OPTIONS);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ options: { sizes: [], colors: [] }, enabled: false });
  });

  it('saves the options once each, and reports the account setting', async () => {
    const saved = await client.put(OPTIONS, {
      sizes: ['S', 'M', ' m ', 'L'],
      colors: ['Blue', 'blue', 'Red'],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({
      options: { sizes: ['S', 'M', 'L'], colors: ['Blue', 'Red'] },
      enabled: false,
    });
    await server.container.database.db.execute(sql`
      UPDATE accounts SET config = jsonb_set(config, '{features,isMultiVariantsEnabled}', 'true')
      WHERE account_id = ${account.accountId}`);
    expect((await client.get(OPTIONS)).body).toEqual({
      options: { sizes: ['S', 'M', 'L'], colors: ['Blue', 'Red'] },
      enabled: true,
    });
    // Another account has its own.
    const other = await signIn(server, await createAccount(server));
    expect((await other.get(OPTIONS)).body.options).toEqual({ sizes: [], colors: [] });
  });

  it('refuses empty values and lets a viewer read but not save', async () => {
    expect((await client.put(OPTIONS, { sizes: [''], colors: [] })).status).toBe(400);
    const viewer = await signIn(
      server,
      await addMember(server, account, { roleId: account.viewerRoleId }),
    );
    expect((await viewer.get(OPTIONS)).status).toBe(200);
    expect((await viewer.put(OPTIONS, { sizes: [], colors: [] })).status).toBe(403);
  });
});
