import { Writable } from 'node:stream';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { createTestDatabase } from '../../../test/database';
import { createContainer } from '../../container';
import { loadConfig } from '../../platform/config';
import { buildServerApp } from '../../routes';
import { newId } from '../../platform/ids';
import { CREDENTIALS_KEY_FILE } from '../../platform/crypto/credentials-key';

const CONNECTIONS = '/api/rest/v1/enterprise/connection';
const credentialsPath = (marketplace: string, accountId?: string) =>
  `/integration-${marketplace}/v1/credentials${accountId ? `/${accountId}` : ''}`;

const ACCESS_TOKEN = 'v^1.1#i^1#ACCESS-TOKEN-abcdef0123456789-SECRET-END9';
const REFRESH_TOKEN = 'v^1.1#r^1#REFRESH-TOKEN-zyxwvu9876543210-SECRET-END7';
const EXPIRES_AT = '2027-01-02T03:04:05.000Z';

function ebayCredentials(accessToken = ACCESS_TOKEN) {
  return {
    marketplaceAccount: { marketplaceID: 'ebay', username: 'vintage-seller' },
    accessToken,
    refreshToken: REFRESH_TOKEN,
    expiresAt: EXPIRES_AT,
  };
}

describe('marketplace connections and credentials', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  async function connect(marketplace = 'ebay', nickname = `shop ${newId().slice(0, 6)}`) {
    const id = newId();
    const response = await owner.put(`${CONNECTIONS}/${id}`, { marketplace, nickname });
    expect(response.status, response.text).toBe(201);
    return { id, nickname };
  }

  it('creates, lists, renames and removes a connection', async () => {
    const id = newId();
    const created = await owner.put(`${CONNECTIONS}/${id}`, {
      marketplace: 'etsy',
      nickname: ' Main Etsy ',
    });
    expect(created.status, created.text).toBe(201);
    // An API marketplace's connection waits for its credentials before it is connected.
    expect(created.body.connection).toMatchObject({
      id,
      marketplace: 'etsy',
      nickname: 'Main Etsy',
      status: 'needs_reconnect',
      externalAccountId: null,
      credentialHint: null,
      credentialExpiresAt: null,
    });

    const renamed = await owner.put(`${CONNECTIONS}/${id}`, {
      nickname: 'Etsy outlet',
      status: 'disconnected',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.connection).toMatchObject({
      nickname: 'Etsy outlet',
      status: 'disconnected',
      externalAccountId: null,
    });

    const list = await owner.get(CONNECTIONS);
    expect(list.status).toBe(200);
    expect(list.body.connections.find((c: { id: string }) => c.id === id)).toMatchObject({
      nickname: 'Etsy outlet',
    });

    expect((await owner.delete(`${CONNECTIONS}/${id}`)).status).toBe(204);
    expect((await owner.delete(`${CONNECTIONS}/${id}`)).status).toBe(404);
    const after = await owner.get(CONNECTIONS);
    expect(after.body.connections.map((c: { id: string }) => c.id)).not.toContain(id);
  });

  it('answers an empty change with 400 and changes nothing', async () => {
    const { id, nickname } = await connect('ebay');
    for (const body of [{}, { marketplace: 'ebay' }]) {
      const response = await owner.put(`${CONNECTIONS}/${id}`, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.message).toBe(
        'Nothing to change: send the connection’s new nickname or status.',
      );
    }
    const list = await owner.get(CONNECTIONS);
    expect(list.body.connections.find((c: { id: string }) => c.id === id)).toMatchObject({
      nickname,
      status: 'needs_reconnect',
    });
  });

  it('never takes the marketplace account id or a connected status from the caller', async () => {
    const id = newId();
    const named = await owner.put(`${CONNECTIONS}/${id}`, {
      marketplace: 'shopify',
      nickname: 'Borrowed store',
      externalAccountId: 'someone-else.myshopify.com',
    });
    expect(named.status, named.text).toBe(400);
    expect(named.body.message).toContain('externalAccountId is set by ListLoop');

    const connected = await owner.put(`${CONNECTIONS}/${id}`, {
      marketplace: 'shopify',
      nickname: 'Borrowed store',
      status: 'connected',
    });
    expect(connected.status, connected.text).toBe(409);
    expect(connected.body.message).toBe(
      'A Shopify connection becomes connected when you sign in at Shopify or store its access token, not by setting its status.',
    );
    expect(
      (await owner.get(CONNECTIONS)).body.connections.map((c: { id: string }) => c.id),
    ).not.toContain(id);

    // Made without credentials, it cannot be switched on by its status either.
    const { id: waiting } = await connect('ebay');
    const switched = await owner.put(`${CONNECTIONS}/${waiting}`, { status: 'connected' });
    expect(switched.status, switched.text).toBe(409);
    const renamedAndNamed = await owner.put(`${CONNECTIONS}/${waiting}`, {
      nickname: 'x',
      externalAccountId: 'seller-1',
    });
    expect(renamedAndNamed.status).toBe(400);
    const row = (await owner.get(CONNECTIONS)).body.connections.find(
      (c: { id: string }) => c.id === waiting,
    );
    expect(row).toMatchObject({ status: 'needs_reconnect', externalAccountId: null });

    // Credentials connect it; switched off, it may be switched on again.
    const stored = await owner.put(credentialsPath('ebay'), {
      connectionId: waiting,
      credentials: ebayCredentials(),
    });
    expect(stored.status, stored.text).toBe(200);
    expect((await owner.put(`${CONNECTIONS}/${waiting}`, { status: 'disconnected' })).status).toBe(
      200,
    );
    const back = await owner.put(`${CONNECTIONS}/${waiting}`, { status: 'connected' });
    expect(back.status, back.text).toBe(200);
    expect(back.body.connection.status).toBe('connected');

    // The extension's marketplaces carry no credentials: the seller's word connects them.
    const extension = await owner.put(`${CONNECTIONS}/${newId()}`, {
      marketplace: 'poshmark',
      nickname: 'Closet',
    });
    expect(extension.status, extension.text).toBe(201);
    expect(extension.body.connection.status).toBe('connected');
  });

  it('keeps several connections per marketplace, each nickname once (409)', async () => {
    const first = await connect('depop', 'Depop one');
    await connect('depop', 'Depop two');
    // The same nickname on another marketplace is fine.
    await connect('vinted', 'Depop one');
    const clash = await owner.put(`${CONNECTIONS}/${newId()}`, {
      marketplace: 'depop',
      nickname: 'Depop one',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('Depop one');
    const renameClash = await owner.put(`${CONNECTIONS}/${first.id}`, { nickname: 'Depop two' });
    expect(renameClash.status).toBe(409);
    // Concurrent creations of one nickname: one wins, the other is told 409.
    const racing = await Promise.all(
      [0, 1, 2].map(() =>
        owner.put(`${CONNECTIONS}/${newId()}`, { marketplace: 'depop', nickname: 'Racer' }),
      ),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
  });

  it('refuses unknown or unoffered marketplaces, short ids and incomplete creations (400)', async () => {
    for (const marketplace of ['myspace', 'tradesy']) {
      const response = await owner.put(`${CONNECTIONS}/${newId()}`, {
        marketplace,
        nickname: 'x',
      });
      expect(response.status, marketplace).toBe(400);
      const credentials = await owner.put(credentialsPath(marketplace), {
        connectionId: newId(),
        credentials: { marketplaceAccount: { marketplaceID: marketplace }, token: 'abc' },
      });
      expect(credentials.status, marketplace).toBe(400);
      const read = await owner.get(credentialsPath(marketplace, account.accountId));
      expect(read.status, marketplace).toBe(400);
    }
    expect(
      (await owner.put(`${CONNECTIONS}/short-id`, { marketplace: 'ebay', nickname: 'x' })).status,
    ).toBe(400);
    expect(
      (await owner.put(`${CONNECTIONS}/${newId()}`, { nickname: 'no marketplace' })).status,
    ).toBe(400);
    const { id } = await connect('ebay');
    expect((await owner.put(`${CONNECTIONS}/${id}`, { marketplace: 'etsy' })).status).toBe(400);
  });

  it('stores credentials sealed, and answers only their hint', async () => {
    const { id } = await connect('ebay', 'Sealed store');
    const stored = await owner.put(credentialsPath('ebay'), {
      connectionId: id,
      credentials: ebayCredentials(),
    });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body).toEqual({
      credentials: { connectionId: id, marketplace: 'ebay', hint: 'END9', expiresAt: EXPIRES_AT },
    });

    const rows = await queryRows<Record<string, unknown>>(
      server,
      sql`SELECT * FROM marketplace_credentials WHERE connection_id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    const dump = JSON.stringify(rows);
    for (const secret of [
      ACCESS_TOKEN,
      REFRESH_TOKEN,
      'ACCESS-TOKEN',
      'REFRESH-TOKEN',
      'vintage-seller',
    ]) {
      expect(dump).not.toContain(secret);
      expect(Buffer.from(String(rows[0]!.ciphertext), 'base64').toString('latin1')).not.toContain(
        secret,
      );
    }
    expect(rows[0]).toMatchObject({ key_version: 1, hint: 'END9', marketplace: 'ebay' });

    // No route answers the secret: the list, the masked read, the connection list.
    const answers = await Promise.all([
      owner.get(CONNECTIONS),
      owner.get(credentialsPath('ebay', account.accountId)),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain('ACCESS-TOKEN');
      expect(answer.text).not.toContain('REFRESH-TOKEN');
    }
    expect(answers[0]!.body.connections.find((c: { id: string }) => c.id === id)).toMatchObject({
      credentialHint: 'END9',
      credentialExpiresAt: EXPIRES_AT,
    });
    expect(answers[1]!.body.credentials).toContainEqual({
      connectionId: id,
      nickname: 'Sealed store',
      marketplace: 'ebay',
      hint: 'END9',
      expiresAt: EXPIRES_AT,
      updatedAt: expect.any(String),
    });

    // The connectors get them opened.
    const opened = await server.container.services.credentials.credentialsFor(
      account.accountId,
      id,
    );
    expect(opened).toMatchObject({
      connectionId: id,
      marketplace: 'ebay',
      credentials: ebayCredentials(),
    });
    expect(opened?.expiresAt?.toISOString()).toBe(EXPIRES_AT);
    expect(
      await server.container.services.credentials.credentialsFor('another-account-id-000', id),
    ).toBeNull();
  });

  it('replaces credentials, reconnecting the connection; a short secret shows no hint', async () => {
    const { id } = await connect('shopify', 'Replace me');
    await owner.put(`${CONNECTIONS}/${id}`, { status: 'needs_reconnect' });
    const first = await owner.put(credentialsPath('shopify'), {
      connectionId: id,
      credentials: { marketplaceAccount: { marketplaceID: 'shopify' }, apiKey: 'short-key' },
    });
    expect(first.body.credentials.hint).toBe('');
    const second = await owner.put(credentialsPath('shopify'), {
      connectionId: id,
      credentials: {
        marketplaceAccount: { marketplaceID: 'shopify' },
        token: 'shpat_0123456789abcdefWXYZ',
      },
    });
    expect(second.body.credentials.hint).toBe('WXYZ');
    const rows = await queryRows(
      server,
      sql`SELECT id FROM marketplace_credentials WHERE connection_id = ${id}`,
    );
    expect(rows).toHaveLength(1);
    const list = await owner.get(CONNECTIONS);
    expect(list.body.connections.find((c: { id: string }) => c.id === id)).toMatchObject({
      status: 'connected',
      credentialHint: 'WXYZ',
    });
  });

  it('refuses credentials for another marketplace, with no secret, or for no connection', async () => {
    const { id } = await connect('ebay', 'Mismatch');
    const wrongPath = await owner.put(credentialsPath('etsy'), {
      connectionId: id,
      credentials: { ...ebayCredentials(), marketplaceAccount: { marketplaceID: 'etsy' } },
    });
    expect(wrongPath.status).toBe(400);
    const wrongAccount = await owner.put(credentialsPath('ebay'), {
      connectionId: id,
      credentials: { ...ebayCredentials(), marketplaceAccount: { marketplaceID: 'etsy' } },
    });
    expect(wrongAccount.status).toBe(400);
    const noSecret = await owner.put(credentialsPath('ebay'), {
      connectionId: id,
      credentials: { marketplaceAccount: { marketplaceID: 'ebay' } },
    });
    expect(noSecret.status).toBe(400);
    const noConnection = await owner.put(credentialsPath('ebay'), {
      connectionId: newId(),
      credentials: ebayCredentials(),
    });
    expect(noConnection.status).toBe(404);
    for (const answer of [wrongPath, wrongAccount, noSecret, noConnection]) {
      expect(answer.text).not.toContain('ACCESS-TOKEN');
    }
  });

  it('forgets a marketplace’s credentials, and a connection takes its credentials with it', async () => {
    const a = await connect('grailed', 'Grailed A');
    const b = await connect('grailed', 'Grailed B');
    for (const { id } of [a, b]) {
      const response = await owner.put(credentialsPath('grailed'), {
        connectionId: id,
        credentials: {
          marketplaceAccount: { marketplaceID: 'grailed' },
          token: `grailed-token-${id}`,
        },
      });
      expect(response.status).toBe(200);
    }
    expect((await owner.delete(`${CONNECTIONS}/${a.id}`)).status).toBe(204);
    const left = await queryRows<{ connection_id: string }>(
      server,
      sql`SELECT connection_id FROM marketplace_credentials WHERE marketplace = 'grailed'`,
    );
    expect(left.map((r) => r.connection_id)).toEqual([b.id]);

    expect((await owner.delete(credentialsPath('grailed', account.accountId))).status).toBe(204);
    const read = await owner.get(credentialsPath('grailed', account.accountId));
    expect(read.body.credentials).toEqual([]);
    const list = await owner.get(CONNECTIONS);
    expect(list.body.connections.find((c: { id: string }) => c.id === b.id)).toMatchObject({
      status: 'needs_reconnect',
      credentialHint: null,
    });
    expect(
      await server.container.services.credentials.credentialsFor(account.accountId, b.id),
    ).toBeNull();
  });

  it('answers 404 for another account id in the credentials paths', async () => {
    const other = await createAccount(server);
    expect((await owner.get(credentialsPath('ebay', other.accountId))).status).toBe(404);
    expect((await owner.delete(credentialsPath('ebay', other.accountId))).status).toBe(404);
  });

  it('needs marketplaces.manage', async () => {
    const role = (
      await owner.put('/api/rest/v1/enterprise/roles', {
        name: 'readers only',
        permissions: { 'items.read': true },
      })
    ).body.data;
    const member = await addMember(server, account, { roleId: role.id });
    const reader = await signIn(server, member);
    expect((await reader.get(CONNECTIONS)).status).toBe(403);
    expect(
      (await reader.put(`${CONNECTIONS}/${newId()}`, { marketplace: 'ebay', nickname: 'no' }))
        .status,
    ).toBe(403);
    expect((await reader.get(credentialsPath('ebay', account.accountId))).status).toBe(403);
  });
});

describe('credentials stay out of the logs', () => {
  it('logs no secret at any level, through every route, and keeps the key across a restart', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-creds-'));
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'trace',
        DATA_DIR: dataDir,
        PORT: '0',
        SEED_DEMO: 'false',
        WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
        // Not the sandbox, which gives every eBay connection fresh tokens of its own at start.
        MARKETPLACES: 'live',
      },
      [],
    );
    const testDb = await createTestDatabase();
    const boot = async () => {
      const container = await createContainer(config, {
        database: testDb.database,
        logger: pino({ level: 'trace' }, sink),
        queue: { pollingIntervalSeconds: 0.5, schedule: false },
      });
      const { app } = await buildServerApp(container, { logger: { level: 'trace', stream: sink } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('server has no port');
      return { container, app, baseUrl: `http://127.0.0.1:${address.port}` };
    };
    let running = await boot();
    try {
      const keyFile = path.join(dataDir, CREDENTIALS_KEY_FILE);
      const key = await fs.readFile(keyFile, 'utf8');
      expect(Buffer.from(key.trim(), 'base64')).toHaveLength(32);

      const fakeServer = { container: running.container, baseUrl: running.baseUrl } as TestServer;
      const account = await createAccount(fakeServer);
      const client = await signIn(fakeServer, account);
      const id = newId();
      expect(
        (await client.put(`${CONNECTIONS}/${id}`, { marketplace: 'ebay', nickname: 'Logged' }))
          .status,
      ).toBe(201);
      expect(
        (
          await client.put(credentialsPath('ebay'), {
            connectionId: id,
            credentials: ebayCredentials(),
          })
        ).status,
      ).toBe(200);
      // A refused request carrying a secret is not logged with it either.
      await client.put(credentialsPath('ebay'), {
        connectionId: id,
        credentials: { ...ebayCredentials(), expiresAt: 'not a date' },
      });
      await client.put(credentialsPath('ebay'), {
        connectionId: 'short',
        credentials: ebayCredentials(),
      });
      await client.get(credentialsPath('ebay', account.accountId));
      await client.get(CONNECTIONS);
      await running.container.services.credentials.credentialsFor(account.accountId, id);

      // Restart on the same DATA_DIR: the same key, so the stored credentials still open.
      await running.app.close();
      await running.container.close();
      running = await boot();
      expect(await fs.readFile(keyFile, 'utf8')).toBe(key);
      const opened = await running.container.services.credentials.credentialsFor(
        account.accountId,
        id,
      );
      expect(opened?.credentials.accessToken).toBe(ACCESS_TOKEN);

      const log = lines.join('');
      expect(log.length).toBeGreaterThan(0);
      expect(log).toContain('/integration-ebay/v1/credentials');
      for (const secret of ['ACCESS-TOKEN', 'REFRESH-TOKEN', key.trim()]) {
        expect(log).not.toContain(secret);
      }
    } finally {
      await running.app.close();
      await running.container.close();
      await testDb.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
