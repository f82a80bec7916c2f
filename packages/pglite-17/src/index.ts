import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

/** A PostgreSQL 17 data directory as SQL, and how many rows each table held when it was read. */
export interface Postgres17Dump {
  /** pg_dump's plain output (one INSERT per row), for `exec` on an empty database. */
  sql: string;
  /** Rows per ordinary table, by `schema.table`: what the copy must hold to be whole. */
  rows: Record<string, number>;
  /** The server's own version line, for the log. */
  version: string;
}

/**
 * Reads the data directory of PGlite 0.3 (PostgreSQL 17), which no later PGlite can open, and
 * dumps it whole as SQL with PGlite's own pg_dump. pg_dump reaches a PGlite only through its
 * in-memory file system, so the directory is loaded into memory first; the directory itself is
 * opened once, read, and closed as PGlite 0.3 left it.
 */
export async function dumpPostgres17DataDir(dataDir: string): Promise<Postgres17Dump> {
  const onDisk = new PGlite(dataDir, { extensions: { pg_trgm } });
  let tarball: File | Blob;
  try {
    await onDisk.waitReady;
    tarball = await onDisk.dumpDataDir('none');
  } finally {
    await onDisk.close();
  }
  const inMemory = new PGlite({ loadDataDir: tarball, extensions: { pg_trgm } });
  try {
    await inMemory.waitReady;
    const version = (await inMemory.query<{ version: string }>('SELECT version()')).rows[0]!
      .version;
    const tables = await inMemory.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r'
          AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY 1`,
    );
    const rows: Record<string, number> = {};
    for (const { name } of tables.rows) {
      const counted = await inMemory.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
      rows[name] = counted.rows[0]!.n;
    }
    // Ownership and grants name PGlite's one role, which the new database has already.
    const file = await pgDump({ pg: inMemory, args: ['--no-owner', '--no-privileges'] });
    return { sql: await file.text(), rows, version };
  } finally {
    await inMemory.close();
  }
}

/**
 * A PGlite 0.3 (PostgreSQL 17) database in `dataDir`, as an earlier ListLoop kept it: how the
 * upgrade's test writes the folder a seller updating from that release has.
 */
export async function openPostgres17DataDir(dataDir: string): Promise<PGlite> {
  const client = new PGlite(dataDir, { extensions: { pg_trgm } });
  await client.waitReady;
  return client;
}
