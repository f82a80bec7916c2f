// Dumps a PGlite 0.3 (PostgreSQL 17) data folder as SQL into a file, in a process of its own:
// reading the folder into memory for pg_dump takes a few times its size, and all of it goes back
// when this process ends, before the server loads the copy. Plain JavaScript, run with no loader.
//
//   node dump-process.mjs <data folder> <sql file>
//
// Prints one line of JSON on success: { "rows": { "<schema>.<table>": n, … }, "version": "…" }.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const [dataDir, sqlFile] = process.argv.slice(2);
if (!dataDir || !sqlFile) {
  process.stderr.write('usage: dump-process.mjs <data folder> <sql file>\n');
  process.exit(2);
}

const TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE c.relkind = 'r'
     AND n.nspname NOT IN ('pg_catalog', 'information_schema')
     AND n.nspname NOT LIKE 'pg_toast%'
   ORDER BY 1`;

// The folder itself: counted here, where nothing but its own files can answer, then brought to
// a checkpoint, after which PostgreSQL needs no write-ahead log written before it.
const onDisk = new PGlite(dataDir, { extensions: { pg_trgm } });
const rows = {};
let version;
let checkpointAt;
try {
  await onDisk.waitReady;
  version = (await onDisk.query('SELECT version()')).rows[0].version;
  for (const { name } of (await onDisk.query(TABLES)).rows) {
    rows[name] = (await onDisk.query(`SELECT count(*)::int AS n FROM ${name}`)).rows[0].n;
  }
  // A margin for file times kept to the second.
  checkpointAt = Date.now() - 2000;
  await onDisk.exec('CHECKPOINT');
} finally {
  await onDisk.close();
}

/**
 * The folder as PGlite packs it for loading into memory. Most of a used folder is spare log
 * segments: files PostgreSQL renamed for reuse, untouched since before the checkpoint. A copy
 * on disk without them is packed instead (the folder itself is left as it is); if that copy
 * does not open, the whole folder is packed.
 */
async function packFolder(folder, compression) {
  const db = new PGlite(folder, { extensions: { pg_trgm } });
  try {
    await db.waitReady;
    return await db.dumpDataDir(compression);
  } finally {
    await db.close();
  }
}

async function packed() {
  const slim = `${sqlFile}.folder`;
  await fs.rm(slim, { recursive: true, force: true });
  try {
    await fs.cp(dataDir, slim, {
      recursive: true,
      filter: async (source) => {
        if (path.basename(path.dirname(source)) !== 'pg_wal') return true;
        if (!/^[0-9A-F]{24}$/.test(path.basename(source))) return true;
        return (await fs.stat(source)).mtimeMs >= checkpointAt;
      },
    });
    return await packFolder(slim, 'none');
  } catch {
    // Compressed: the spare segments pack to little.
    return await packFolder(dataDir, 'gzip');
  } finally {
    await fs.rm(slim, { recursive: true, force: true });
  }
}
let tarball = await packed();

// pg_dump reaches a PGlite only through its in-memory file system.
const inMemory = new PGlite({ loadDataDir: tarball, extensions: { pg_trgm } });
try {
  await inMemory.waitReady;
  tarball = null;
  // Ownership and grants name PGlite's one role, which the new database has already.
  const dump = await pgDump({ pg: inMemory, args: ['--no-owner', '--no-privileges'] });
  const out = await fs.open(sqlFile, 'w');
  try {
    const reader = dump.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await out.write(value);
    }
    await out.sync();
  } finally {
    await out.close();
  }
} finally {
  await inMemory.close();
}
process.stdout.write(`${JSON.stringify({ rows, version })}\n`);
