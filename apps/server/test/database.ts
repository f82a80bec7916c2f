import crypto from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from '../src/platform/db/database';
import * as schema from '../src/schema';
import type { PostgresTemplate } from './postgres-template.global';

export type TestDatabaseKind = 'pglite' | 'postgres';

export function testDatabaseKind(): TestDatabaseKind {
  return process.env.LISTLOOP_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  database: Database;
  /** Closes the database and, on Postgres, drops it. */
  dispose(): Promise<void>;
}

const SNAPSHOT = Symbol.for('listloop.test.pgliteSnapshot');
type SnapshotHolder = { [SNAPSHOT]?: Promise<Blob> };

/**
 * An in-memory PGlite database with every migration applied, dumped once per test worker:
 * starting each test's database from it skips PGlite's initdb and the migrations (about 1.5 s
 * a server). Kept on globalThis because the integration files share a worker's module graph.
 * The server still runs its migrations at start, and finds them applied.
 */
export function migratedPgliteSnapshot(): Promise<Blob> {
  const holder = globalThis as SnapshotHolder;
  holder[SNAPSHOT] ??= (async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: null }, schema);
    try {
      await migrateDatabase(database);
      if (!database.dump) throw new Error('This PGlite database cannot be dumped');
      return await database.dump();
    } finally {
      await database.close();
    }
  })();
  return holder[SNAPSHOT];
}

/**
 * A fresh database for one test file: PGlite in memory (migrated), or a new database created on
 * the Postgres server of TEST_DATABASE_URL (dropped again afterwards).
 */
export async function createTestDatabase(
  kind: TestDatabaseKind = testDatabaseKind(),
  adminUrl: string | undefined = process.env.TEST_DATABASE_URL,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase(
      { kind: 'pglite', dataDir: null, snapshot: await migratedPgliteSnapshot() },
      schema,
    );
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase({ adminUrl });
  const database = await openDatabase({ kind: 'postgres', url: created.url }, schema);
  return {
    database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the Postgres server of `adminUrl` (TEST_DATABASE_URL by default), by its
 * URL, for servers and scripts that open it themselves: under vitest a copy of the run's
 * migrated template (or `empty`, as a restore needs), dropped with the run's others at its end;
 * elsewhere an empty one that `drop` removes (the server migrates it at start).
 */
export async function createPostgresDatabase(
  options: { adminUrl?: string; empty?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = options.adminUrl ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is needed for the Postgres integration tests');
  // Under vitest the run's migrated template is copied and dropped with the others at the end
  // (postgres-template.global.ts); elsewhere the database is migrated when the server starts.
  const template = adminUrl === process.env.TEST_DATABASE_URL ? runTemplate() : undefined;
  const name = `${template?.prefix ?? 'listloop_t_'}${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(
      template && !options.empty
        ? `CREATE DATABASE ${name} TEMPLATE ${template.template}`
        : `CREATE DATABASE ${name}`,
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      if (template) return;
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

function runTemplate(): PostgresTemplate | undefined {
  try {
    return inject('postgresTemplate');
  } catch {
    // Not inside a vitest worker (a script using these helpers).
    return undefined;
  }
}
