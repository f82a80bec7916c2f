import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDumpBatches } from './pg-dump-batches';

/** The PostgreSQL major version of the PGlite this server runs, as its data folders record it. */
export const EMBEDDED_POSTGRES_MAJOR = '18';

/** The one older major version this server can move a data folder from. */
const UPGRADABLE_MAJOR = '17';

export interface UpgradeLog {
  info(message: string): void;
}

/** What an upgrade did, for its caller and its test. */
export interface EmbeddedUpgrade {
  from: string;
  /** Where the folder as it was is kept (its data unchanged), to go back to. */
  keptAt: string;
  rows: number;
  tables: number;
}

/**
 * Moves the embedded database in `dataDir` onto the PGlite this server runs when an earlier
 * ListLoop wrote it with PGlite 0.3 (PostgreSQL 17): PostgreSQL cannot open an older major
 * version's files, so without this a seller's inventory would not open after an update.
 *
 * The old folder is dumped into a file beside it with the old PGlite's pg_dump, in a process of
 * its own (the `@listloop/pglite-17` package), loaded piece by piece into a new folder beside
 * it, and every table's row count compared with the old folder's. Only then is the
 * new folder swapped in, and the old one kept beside it as `<folder>-pg17`. A crash at any
 * point leaves either the old folder in place (and the next start begins again) or a finished
 * copy marked complete (and the next start finishes the swap). Returns null when there was
 * nothing to do.
 */
export async function upgradeEmbeddedDataDir(
  dataDir: string,
  log: UpgradeLog,
): Promise<EmbeddedUpgrade | null> {
  const staging = `${dataDir}-pg${EMBEDDED_POSTGRES_MAJOR}-upgrade`;
  const complete = `${staging}.complete`;
  const version = await majorVersionOf(dataDir);

  if (version === null) {
    // A crash between the two renames below: the copy was finished and checked.
    if ((await exists(complete)) && (await majorVersionOf(staging)) === EMBEDDED_POSTGRES_MAJOR) {
      await fs.rename(staging, dataDir);
      await fs.rm(complete, { force: true });
      log.info(`Finished moving the embedded database into ${dataDir}.`);
    }
    return null;
  }
  if (version === EMBEDDED_POSTGRES_MAJOR) {
    await fs.rm(complete, { force: true });
    return null;
  }
  if (version !== UPGRADABLE_MAJOR) {
    throw new Error(
      `The embedded database in ${dataDir} was written by PostgreSQL ${version}; this ListLoop ` +
        `runs PostgreSQL ${EMBEDDED_POSTGRES_MAJOR} and can only move a folder from ` +
        `PostgreSQL ${UPGRADABLE_MAJOR}. Start the ListLoop that wrote it, take a backup ` +
        `(npm run backup), and restore it into an empty folder.`,
    );
  }

  log.info(
    `The embedded database in ${dataDir} was written by PostgreSQL ${version}; moving it to ` +
      `PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}. This happens once and can take a minute.`,
  );
  // An earlier attempt that stopped part way left nothing worth keeping.
  await fs.rm(complete, { force: true });
  await fs.rm(staging, { recursive: true, force: true });

  const { dumpPostgres17DataDir } = await import('@listloop/pglite-17');
  const sqlFile = `${staging}.sql`;
  await fs.rm(sqlFile, { force: true });
  let rows: Record<string, number>;
  try {
    ({ rows } = await dumpPostgres17DataDir(dataDir, sqlFile));
    await loadCopy(staging, sqlFile, rows, dataDir);
  } finally {
    await fs.rm(sqlFile, { force: true });
  }
  return swapIn({ dataDir, staging, complete, version, rows }, log);
}

/** Loads the dump into a new folder at `staging` and checks every table's row count there. */
async function loadCopy(
  staging: string,
  sqlFile: string,
  expectedRows: Record<string, number>,
  dataDir: string,
): Promise<void> {
  const copy = new PGlite(staging, { extensions: { pg_trgm } });
  try {
    await copy.waitReady;
    // Piece by piece in one session: the dump's settings at its start hold for all of it.
    for await (const batch of pgDumpBatches(await openAsBlob(sqlFile))) await copy.exec(batch);
    // pg_dump's preamble leaves the session's search path empty and its settings changed.
    await copy.exec('RESET ALL');
    for (const [table, expected] of Object.entries(expectedRows)) {
      const counted = await copy.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
      const found = counted.rows[0]?.n ?? 0;
      if (found !== expected) {
        throw new Error(
          `Moving the embedded database stopped: ${table} has ${found} rows in the copy and ` +
            `${expected} in ${dataDir}. Nothing was changed; ${dataDir} is as it was.`,
        );
      }
    }
  } catch (error) {
    await copy.close().catch(() => undefined);
    await fs.rm(staging, { recursive: true, force: true });
    throw error;
  }
  await copy.close();
}

/** Swaps the checked copy in for the folder, keeping the folder as it was beside it. */
async function swapIn(
  move: {
    dataDir: string;
    staging: string;
    complete: string;
    version: string;
    rows: Record<string, number>;
  },
  log: UpgradeLog,
): Promise<EmbeddedUpgrade> {
  const { dataDir, staging, complete, version } = move;
  await fs.writeFile(complete, `${new Date().toISOString()}\n`);
  const keptAt = await freeName(`${dataDir}-pg${version}`);
  await fs.rename(dataDir, keptAt);
  await fs.rename(staging, dataDir);
  await fs.rm(complete, { force: true });

  const rows = Object.values(move.rows).reduce((sum, n) => sum + n, 0);
  const tables = Object.keys(move.rows).length;
  log.info(
    `Moved the embedded database to PostgreSQL ${EMBEDDED_POSTGRES_MAJOR}: ${rows} rows in ` +
      `${tables} tables, every count checked. The folder as it was is kept in ${keptAt}; ` +
      `delete it once you are content.`,
  );
  return { from: version, keptAt, rows, tables };
}

/** The major version a PostgreSQL data folder was written by, or null when there is none. */
async function majorVersionOf(dataDir: string): Promise<string | null> {
  try {
    return (await fs.readFile(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

/** `base`, or `base-2`, `base-3`… when an earlier upgrade's kept folder is there already. */
async function freeName(base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await exists(candidate))) return candidate;
  }
}
