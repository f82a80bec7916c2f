import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn } from '../../../test/fixtures';
import type { TestServer } from '../../../test/server';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createContainer } from '../../container';
import { loadConfig } from '../../platform/config';
import { generateKey } from '../../platform/crypto/secret-box';
import { newId } from '../../platform/ids';
import { buildServerApp } from '../../routes';

const ACCESS_TOKEN = 'v^1.1#i^1#ROTATED-ACCESS-TOKEN-0123456789-END';
const SLACK_URL = 'https://hooks.slack.com/services/T0ROT/B0ROT/rotation-secret';

/**
 * A key rotation carried to its end: credentials and Slack webhooks sealed under key 1 are
 * sealed again under key 2 by the operator's re-seal, after which key 1 can be dropped and
 * everything still opens.
 */
describe('credential key rotation', () => {
  const key1 = generateKey();
  const key2 = generateKey();
  let testDb: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-rotation-'));
  });
  afterAll(async () => {
    await testDb.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const containerWith = (keys: Record<string, string>) =>
    createContainer(
      loadConfig(
        {
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: '0',
          SEED_DEMO: 'false',
          WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
          MARKETPLACES: 'live',
          ...keys,
        },
        [],
      ),
      { database: testDb.database, logger: pino({ level: 'silent' }), queue: { schedule: false } },
    );

  it('re-seals every credential and webhook under the current key, so the old key can go', async () => {
    // Stored under key 1, through the routes a seller uses.
    const before = await containerWith({ CREDENTIALS_KEY: key1 });
    const { app } = await buildServerApp(before, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    const server = {
      container: before,
      baseUrl: `http://127.0.0.1:${address.port}`,
    } as TestServer;
    const connections: { accountId: string; connectionId: string }[] = [];
    try {
      for (let n = 0; n < 3; n += 1) {
        const account = await createAccount(server);
        const owner = await signIn(server, account);
        const connectionId = newId();
        const created = await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
          marketplace: 'ebay',
          nickname: `Shop ${n}`,
        });
        expect(created.status).toBe(201);
        const stored = await owner.put('/integration-ebay/v1/credentials', {
          connectionId,
          credentials: {
            marketplaceAccount: { marketplaceID: 'ebay', username: `seller-${n}` },
            accessToken: `${ACCESS_TOKEN}-${n}`,
          },
        });
        expect(stored.status).toBe(200);
        const slack = await owner.put('/api/rest/v1/enterprise/account/slack', {
          enabled: true,
          webhookUrl: `${SLACK_URL}-${n}`,
        });
        expect(slack.status).toBe(200);
        connections.push({ accountId: account.accountId, connectionId });
      }
    } finally {
      await app.close();
      await before.close();
    }

    // Rotated: key 2 current, key 1 still readable. The re-seal moves every row to key 2.
    const rotating = await containerWith({
      CREDENTIALS_KEY: key2,
      CREDENTIALS_KEY_VERSION: '2',
      CREDENTIALS_PREVIOUS_KEYS: `1:${key1}`,
    });
    try {
      expect(await rotating.services.credentials.resealAll(2)).toEqual({
        resealed: 3,
        unreadable: [],
      });
      expect(await rotating.services.slackSettings.resealAll(2)).toEqual({
        resealed: 3,
        unreadable: [],
      });
      // Nothing is left under key 1: a second run has nothing to do.
      expect(await rotating.services.credentials.resealAll()).toEqual({
        resealed: 0,
        unreadable: [],
      });
    } finally {
      await rotating.close();
    }

    // Key 1 dropped: everything opens with key 2 alone.
    const after = await containerWith({ CREDENTIALS_KEY: key2, CREDENTIALS_KEY_VERSION: '2' });
    try {
      for (const [n, { accountId, connectionId }] of connections.entries()) {
        const opened = await after.services.credentials.credentialsFor(accountId, connectionId);
        expect(opened?.credentials.accessToken).toBe(`${ACCESS_TOKEN}-${n}`);
        expect(await after.services.slackSettings.activeWebhook(accountId)).toBe(
          `${SLACK_URL}-${n}`,
        );
      }
    } finally {
      await after.close();
    }
  });

  it('counts a credential no configured key opens, and leaves it as it is', async () => {
    // Only key 2 and a wrong "key 1": the rows still under key 1 (none after the test above)
    // and any sealed under another key cannot open; here one is sealed under a stray key 7.
    const stray = await containerWith({
      CREDENTIALS_KEY: generateKey(),
      CREDENTIALS_KEY_VERSION: '7',
    });
    const { app } = await buildServerApp(stray, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('server has no port');
    const server = { container: stray, baseUrl: `http://127.0.0.1:${address.port}` } as TestServer;
    const connectionId = newId();
    try {
      const account = await createAccount(server);
      const owner = await signIn(server, account);
      await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
        marketplace: 'ebay',
        nickname: 'Stray',
      });
      const stored = await owner.put('/integration-ebay/v1/credentials', {
        connectionId,
        credentials: {
          marketplaceAccount: { marketplaceID: 'ebay', username: 'stray' },
          accessToken: ACCESS_TOKEN,
        },
      });
      expect(stored.status).toBe(200);
    } finally {
      await app.close();
      await stray.close();
    }
    const current = await containerWith({
      CREDENTIALS_KEY: key2,
      CREDENTIALS_KEY_VERSION: '2',
      CREDENTIALS_PREVIOUS_KEYS: `1:${key1}`,
    });
    try {
      expect(await current.services.credentials.resealAll()).toEqual({
        resealed: 0,
        unreadable: [connectionId],
      });
    } finally {
      await current.close();
    }
  });
});
