import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const DUMP_PROCESS = fileURLToPath(new URL('./dump-process.mjs', import.meta.url));

/** What a PostgreSQL 17 data folder held when it was dumped. */
export interface Postgres17Dump {
  /** Rows per ordinary table, by `schema.table`: what the copy must hold to be whole. */
  rows: Record<string, number>;
  /** The server's own version line, for the log. */
  version: string;
}

/**
 * Dumps the data folder of PGlite 0.3 (PostgreSQL 17), which no later PGlite can open, whole as
 * SQL into `sqlFile` with PGlite's own pg_dump (plain, one INSERT a row), and counts every
 * table's rows in the folder itself. It runs in a child process: pg_dump reaches a PGlite only
 * through its in-memory file system, so the folder is loaded into memory, and that memory is
 * given back when the child ends. The folder is opened, read, and closed as PGlite 0.3 left it.
 */
export function dumpPostgres17DataDir(dataDir: string, sqlFile: string): Promise<Postgres17Dump> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [DUMP_PROCESS, dataDir, sqlFile],
      // No loaders of the parent (tsx, vitest): the file is plain JavaScript.
      { env: process.env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(
            new Error(
              `Could not read the PostgreSQL 17 database in ${dataDir}: ${stderr.trim().slice(-2000) || error.message}`,
            ),
          );
          return;
        }
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Postgres17Dump);
      },
    );
  });
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
