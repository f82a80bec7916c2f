import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pino from 'pino';
import { openPostgres17DataDir } from '@listloop/pglite-17';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPLETE_DETAILS } from '../../modules/items/item.test-fixtures';
import * as schema from '../../schema';
import { testDatabaseKind } from '../../../test/database';
import { TestClient } from '../../../test/client';
import { createAccount, signIn } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { databaseOverPglite } from './database';
import { EMBEDDED_POSTGRES_MAJOR, upgradeEmbeddedDataDir } from './pglite-upgrade';

const ITEMS = '/api/account/item';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-upgrade-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(options: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(options);
  cleanups.push(() => server.close());
  return server;
}

const silent = { info: () => undefined };

describe('the embedded database written by an earlier ListLoop (PGlite 0.3, PostgreSQL 17)', () => {
  it('is moved once to the PostgreSQL this server runs, and a server there has every item, the session and search', async (context) => {
    if (testDatabaseKind() !== 'pglite') context.skip('the embedded database is PGlite');
    const dataDir = await tempDir();
    const folder = path.join(dataDir, 'pglite');

    // The earlier release: the whole server, migrations and job queue on PGlite 0.3.
    const old = await openPostgres17DataDir(folder);
    const oldDatabase = await databaseOverPglite(old as unknown as PGlite, schema);
    const before = await start({
      env: { DATA_DIR: dataDir },
      database: { kind: 'open', database: oldDatabase },
    });
    expect(
      (await old.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version,
    ).toMatch(/^17\./);
    const account = await createAccount(before);
    const owner = await signIn(before, account);
    const titles = ['Veste en jean délavé', 'Giacca di jeans — taglia 48', 'Chaqueta vaquera ñ'];
    for (const [index, title] of titles.entries()) {
      const created = await owner.post(ITEMS, {
        generalDetails: { ...COMPLETE_DETAILS, title, sku: `UP-${index}`, price: 45.99 + index },
      });
      expect(created.status, created.text).toBe(201);
    }
    await before.close();
    await oldDatabase.close();

    const messages: string[] = [];
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => messages.push(JSON.parse(line).msg as string) },
    );
    const after = await start({
      env: { DATA_DIR: dataDir },
      database: { kind: 'configured' },
      logger,
    });
    expect(messages.some((message) => message.startsWith('Moved the embedded database'))).toBe(
      true,
    );
    expect((await fs.readFile(path.join(folder, 'PG_VERSION'), 'utf8')).trim()).toBe(
      EMBEDDED_POSTGRES_MAJOR,
    );
    // The folder as it was, kept to go back to.
    expect((await fs.readFile(`${folder}-pg17/PG_VERSION`, 'utf8')).trim()).toBe('17');

    // The session made before the move still works: its row came across.
    const sameSession = new TestClient(after.baseUrl).carryCookiesFrom(owner);
    const listed = await sameSession.get(`${ITEMS}?limit=50`);
    expect(listed.status).toBe(200);
    const items = (listed.body as { items: { generalDetails: { title: string; price: number } }[] })
      .items;
    expect(items.map((item) => item.generalDetails.title).sort()).toEqual([...titles].sort());
    expect(items.map((item) => item.generalDetails.price).sort()).toEqual([45.99, 46.99, 47.99]);
    // Trigram search runs on the moved extension and its indexes.
    const found = await sameSession.get(`${ITEMS}?q=${encodeURIComponent('délavé')}`);
    expect((found.body as { items: unknown[] }).items).toHaveLength(1);
    const more = await sameSession.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, title: 'After the move', sku: 'UP-9' },
    });
    expect(more.status, more.text).toBe(201);
    await after.close();

    // Once only: the next start opens the folder as it is.
    expect(await upgradeEmbeddedDataDir(folder, silent)).toBeNull();
    await expect(fs.stat(`${folder}-pg17-2`)).rejects.toThrow();
  });

  it('finishes the swap a crash interrupted, and refuses a folder of a version it cannot move', async (context) => {
    if (testDatabaseKind() !== 'pglite') context.skip('the embedded database is PGlite');
    const dataDir = await tempDir();
    const folder = path.join(dataDir, 'pglite');

    // Stopped between the two renames: the checked copy is there, marked complete.
    const staging = `${folder}-pg${EMBEDDED_POSTGRES_MAJOR}-upgrade`;
    await fs.mkdir(staging);
    await fs.writeFile(path.join(staging, 'PG_VERSION'), `${EMBEDDED_POSTGRES_MAJOR}\n`);
    await fs.writeFile(`${staging}.complete`, 'yes\n');
    expect(await upgradeEmbeddedDataDir(folder, silent)).toBeNull();
    expect((await fs.readFile(path.join(folder, 'PG_VERSION'), 'utf8')).trim()).toBe(
      EMBEDDED_POSTGRES_MAJOR,
    );
    await expect(fs.stat(`${staging}.complete`)).rejects.toThrow();

    // A copy never marked complete is not taken for the database.
    const other = path.join(dataDir, 'other');
    await fs.mkdir(`${other}-pg${EMBEDDED_POSTGRES_MAJOR}-upgrade`);
    expect(await upgradeEmbeddedDataDir(other, silent)).toBeNull();
    await expect(fs.stat(other)).rejects.toThrow();

    const older = path.join(dataDir, 'older');
    await fs.mkdir(older);
    await fs.writeFile(path.join(older, 'PG_VERSION'), '16\n');
    await expect(upgradeEmbeddedDataDir(older, silent)).rejects.toThrow(
      /written by PostgreSQL 16.*npm run backup/s,
    );
    expect((await fs.readdir(older)).sort()).toEqual(['PG_VERSION']);
  });
});
