import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredImage } from '@listloop/domain';
import { openDatabase } from '../src/platform/db/database';
import * as schema from '../src/schema';
import { COMPLETE_DETAILS } from '../src/modules/items/item.test-fixtures';
import type { TestClient } from './client';
import { connectMarketplace } from './connections';
import { createPostgresDatabase, migratedPgliteSnapshot, testDatabaseKind } from './database';
import { createAccount, signIn, type AccountFixture } from './fixtures';
import { getBytes, makeJpeg } from './images';
import { startS3Server } from './s3-server';
import { startTestServer, type TestServer } from './server';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ITEMS = '/api/account/item';

/** A script of scripts/ run as an operator runs it, with only the settings given. */
function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, 'scripts', `${script}.mjs`), ...args],
      { env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function start(env: Record<string, string>): Promise<TestServer> {
  const server = await startTestServer({ env, database: { kind: 'configured' } });
  cleanups.push(() => server.close());
  return server;
}

interface Seeded {
  account: AccountFixture;
  owner: TestClient;
  photo: StoredImage;
  photoBytes: Buffer;
  titles: string[];
  connectionId: string | null;
}

/** An account, a photo, items with it and (optionally) stored credentials, through the server. */
async function seed(server: TestServer, itemCount: number, withCredentials: boolean) {
  const account = await createAccount(server);
  const owner = await signIn(server, account);
  const photo = await server.container.services.images.storeImage(
    { accountId: account.accountId, userId: account.userId, countryCode: 'US' },
    await makeJpeg({ width: 1200, height: 900 }),
    'image/jpeg',
  );
  const titles: string[] = [];
  for (let i = 0; i < itemCount; i++) {
    const title = `Backed-up jacket ${i}`;
    const created = await owner.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, title, sku: `BK-${i}`, images: [photo.image] },
    });
    expect(created.status, created.text).toBe(201);
    titles.push(title);
  }
  const connectionId = withCredentials
    ? await connectMarketplace(owner, 'ebay', { credentials: true })
    : null;
  const photoBytes = await bytesOf(server, owner.cookieHeader, photo.image.url_l);
  return { account, owner, photo, photoBytes, titles, connectionId } satisfies Seeded;
}

async function bytesOf(server: TestServer, cookie: string, url: string): Promise<Buffer> {
  const answer = await getBytes(server.baseUrl + url, { cookie });
  expect(answer.status).toBe(200);
  return answer.bytes;
}

/** What a server on the restored copy must answer: the same items, photo and credentials. */
async function expectRestored(restored: TestServer, seeded: Seeded) {
  // The session made before the backup still works: its row and the auth secret came back.
  const listed = await fetch(`${restored.baseUrl}${ITEMS}?limit=100`, {
    headers: { cookie: seeded.owner.cookieHeader },
  });
  expect(listed.status).toBe(200);
  const body = (await listed.json()) as {
    items: { generalDetails: { title: string; images: { id: string }[] } }[];
  };
  expect(body.items.map((item) => item.generalDetails.title).sort()).toEqual(
    [...seeded.titles].sort(),
  );
  expect(body.items[0]!.generalDetails.images[0]!.id).toBe(seeded.photo.image.id);
  const again = await signIn(restored, seeded.account);
  const bytes = await bytesOf(restored, again.cookieHeader, seeded.photo.image.url_l);
  expect(bytes.equals(seeded.photoBytes)).toBe(true);
  if (seeded.connectionId) {
    // Sealed with the credentials key from DATA_DIR, which the backup carried.
    const opened = await restored.container.services.credentials.credentialsFor(
      seeded.account.accountId,
      seeded.connectionId,
    );
    expect(opened?.credentials).toMatchObject({ accessToken: `token-${seeded.connectionId}` });
  }
}

describe('backup and restore (scripts/backup.mjs, scripts/restore.mjs)', () => {
  it('restores server Postgres and the files into a new database and folder, and a server there reads the same items, photo and credentials', async (context) => {
    if (testDatabaseKind() !== 'postgres') {
      context.skip(
        'pg_dump and pg_restore need server Postgres; this runs in integration-postgres (TEST_DATABASE_URL)',
      );
    }
    const source = await createPostgresDatabase();
    cleanups.push(() => source.drop());
    const dataDir = await tempDir('listloop-backup-source-');
    // No AUTH_SECRET or CREDENTIALS_KEY: the server makes both in DATA_DIR, as by default.
    const server = await start({ DATABASE_URL: source.url, DATA_DIR: dataDir });
    const seeded = await seed(server, 20, true);

    // Online: pg_dump reads one snapshot while the server runs.
    const backupDir = path.join(await tempDir('listloop-backup-'), 'nightly');
    const sourceEnv = { DATABASE_URL: source.url, DATA_DIR: dataDir };
    const backup = await runScript('backup', [backupDir], sourceEnv);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('database: pg_dump of');
    expect(backup.stdout).toContain('"items":20');
    expect(backup.stdout).not.toContain('postgres://postgres@'.concat('x'));

    const again = await runScript('backup', [backupDir], sourceEnv);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not empty');

    // A restore never writes over a database that has tables, unless told to.
    const overSource = await runScript('restore', [backupDir], sourceEnv);
    expect(overSource.code).toBe(2);
    expect(overSource.stderr).toContain('is not empty');
    const noManifest = await runScript('restore', [dataDir], sourceEnv);
    expect(noManifest.code).toBe(2);
    expect(noManifest.stderr).toContain('not a finished ListLoop backup');

    const target = await createPostgresDatabase({ empty: true });
    cleanups.push(() => target.drop());
    const restoredDir = await tempDir('listloop-restored-');
    const restore = await runScript('restore', [backupDir], {
      DATABASE_URL: target.url,
      DATA_DIR: restoredDir,
    });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('"items":20');

    const restored = await start({ DATABASE_URL: target.url, DATA_DIR: restoredDir });
    await expectRestored(restored, seeded);
  });

  it('restores the embedded PGlite database, taken with the server stopped, and a copy of the S3 bucket into another bucket', async (context) => {
    if (testDatabaseKind() !== 'pglite') {
      context.skip('the embedded database runs in integration-pglite; once is enough');
    }
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const dataDir = await tempDir('listloop-backup-pglite-');
    // The migrated database the tests start from, on disk where the server looks for it.
    const initial = await openDatabase(
      {
        kind: 'pglite',
        dataDir: path.join(dataDir, 'pglite'),
        snapshot: await migratedPgliteSnapshot(),
      },
      schema,
    );
    await initial.close();
    const server = await start({ ...s3.env(), DATA_DIR: dataDir });
    const seeded = await seed(server, 3, true);
    const port = new URL(server.baseUrl).port;
    const backupDir = path.join(await tempDir('listloop-backup-'), 'copy');
    const sourceEnv = { ...s3.env(), DATA_DIR: dataDir, PORT: port };

    const whileRunning = await runScript('backup', [backupDir, '--s3'], sourceEnv);
    expect(whileRunning.code).toBe(2);
    expect(whileRunning.stderr).toContain('server stopped');

    await server.close();
    const backup = await runScript('backup', [backupDir, '--s3'], sourceEnv);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('embedded PGlite');
    // The original and its two derivatives.
    expect(backup.stdout).toContain(`S3: 3 objects`);

    await s3.createBucket('restored');
    const restoredDir = await tempDir('listloop-restored-pglite-');
    const targetEnv = { ...s3.env('restored'), DATA_DIR: restoredDir, PORT: port };
    const intoFull = await runScript('restore', [backupDir, '--s3'], {
      ...targetEnv,
      S3_BUCKET: s3.bucket,
    });
    expect(intoFull.code).toBe(2);
    expect(intoFull.stderr).toContain('is not empty');
    const restore = await runScript('restore', [backupDir, '--s3'], targetEnv);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('S3: 3 objects');
    const twice = await runScript('restore', [backupDir], targetEnv);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('already holds a database');

    const restored = await start({ ...s3.env('restored'), DATA_DIR: restoredDir });
    await expectRestored(restored, seeded);
  });
});
