// What backup.mjs and restore.mjs share: the settings they read (the server's own environment
// variables), the backup's manifest, the external tools (pg_dump, pg_restore, tar) and the
// packages they borrow from the server (pg, @aws-sdk/client-s3). Decision 0063.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ROOT, formatDuration } from './util.mjs';

export const MANIFEST = 'manifest.json';
export const FORMAT = 'listloop-backup';
export const VERSION = 1;

/** The parts of DATA_DIR a backup keeps besides the database: the files and the two secrets. */
export const DATA_DIR_ENTRIES = ['files', 'auth-secret', 'credentials-key'];

/** The tables whose row counts are recorded at backup and checked after a restore. */
export const COUNTED_TABLES = [
  'accounts',
  'auth_users',
  'items',
  'images',
  'listing_operations',
  'sale_events',
];

/** A refusal: bad input or a state the script will not touch. Exit code 2, nothing changed. */
export class Refusal extends Error {}

/** The server's packages (pg, the AWS SDK), as the server resolves them. */
const serverRequire = createRequire(path.join(ROOT, 'apps/server/package.json'));
export const requireFromServer = (name) => serverRequire(name);

/**
 * The settings the server reads, read the same way: DATA_DIR (relative to where the command
 * runs; ./data at the repository root by default, as `npm start` uses), DATABASE_URL, STORAGE
 * and S3_*. PORT only to notice a running server.
 */
export function settingsFromEnv(env = process.env) {
  const storage = env.STORAGE === 's3' ? 's3' : 'local';
  return {
    dataDir: path.resolve(env.DATA_DIR ?? path.join(ROOT, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    storage,
    port: Number(env.PORT ?? 3000),
    s3:
      storage === 's3'
        ? {
            bucket: env.S3_BUCKET ?? '',
            region: env.S3_REGION ?? 'us-east-1',
            endpoint: env.S3_ENDPOINT ?? null,
            accessKeyId: env.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? null,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || env.S3_FORCE_PATH_STYLE === '1',
          }
        : null,
    pgBin: env.PG_BIN ?? null,
  };
}

/** A database URL without its password, to print. */
export function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/**
 * How a PostgreSQL client program is pointed at a database: the URL without its password on
 * the command line (which other users of the machine can read), the password in PGPASSWORD.
 */
export function pgConnection(url) {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { arg: `--dbname=${parsed.toString()}`, env: password ? { PGPASSWORD: password } : {} };
}

export function say(tool, message) {
  console.log(`[${tool}] ${message}`);
}

export function bytes(n) {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** Runs `work`, answering its result and how long it took, for the lines the scripts print. */
export async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { result, took: formatDuration(performance.now() - started) };
}

/** A PostgreSQL client program: from PG_BIN when set, else the one on PATH. */
export function pgTool(settings, name) {
  return settings.pgBin ? path.join(settings.pgBin, name) : name;
}

/**
 * Runs a program and resolves with its output; rejects with its stderr when it fails, or with
 * a refusal naming the program when it is not installed.
 */
export function runTool(command, args, { env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) => {
      reject(
        error.code === 'ENOENT'
          ? new Refusal(
              `${command} is not installed (or not on PATH). Install the PostgreSQL client tools of your server's version (Debian: postgresql-client), or set PG_BIN to their folder.`,
            )
          : error,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else
        reject(
          new Error(`${path.basename(command)} failed (exit ${code}): ${stderr.trim() || stdout}`),
        );
    });
  });
}

/** The major version of a PostgreSQL client program ("pg_dump (PostgreSQL) 15.20 …" → 15). */
export async function toolMajor(settings, name) {
  const out = await runTool(pgTool(settings, name), ['--version']);
  const match = /(\d+)(?:\.(\d+))?/.exec(out);
  if (!match) throw new Error(`Cannot read the version of ${name}: ${out.trim()}`);
  return { major: Number(match[1]), text: out.trim() };
}

/** A connected pg client for `url`; `work(client)` runs, then it is closed. */
export async function withPg(url, work) {
  const pg = requireFromServer('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Refusal(`Cannot connect to ${redact(url)}: ${error.message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Row counts of the counted tables that exist, in the client's current snapshot. */
export async function countRows(client) {
  const counts = {};
  for (const table of COUNTED_TABLES) {
    const { rows } = await client.query('SELECT to_regclass($1) AS found', [`public.${table}`]);
    if (!rows[0].found) continue;
    const counted = await client.query(`SELECT count(*)::bigint AS n FROM public.${table}`);
    counts[table] = Number(counted.rows[0].n);
  }
  return counts;
}

/** How many tables, views and sequences the database holds outside the system schemas. */
export async function userRelations(client) {
  const { rows } = await client.query(`
    SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
      AND n.nspname NOT LIKE 'pg_temp%' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')`);
  return rows[0].n;
}

export async function sha256(file) {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

export async function sizeOf(file) {
  return (await fsp.stat(file)).size;
}

/** Whether a directory is missing or holds nothing. */
export async function isEmptyDir(dir) {
  try {
    return (await fsp.readdir(dir)).length === 0;
  } catch (error) {
    if (error.code === 'ENOENT') return true;
    throw error;
  }
}

export async function exists(file) {
  try {
    await fsp.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a ListLoop server answers on this machine's PORT: the embedded database must not be
 * copied or replaced under a running server. Best effort: a server on another port is not seen.
 */
export async function serverAnswers(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The S3 client and bucket of the settings, with the server's own client options. */
export function s3Client(settings) {
  const s3 = settings.s3;
  if (!s3?.bucket) throw new Refusal('STORAGE=s3 needs S3_BUCKET, as the server does.');
  const { S3Client } = requireFromServer('@aws-sdk/client-s3');
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey
      ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } }
      : {}),
    forcePathStyle: s3.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Every object of a bucket, page by page. */
export async function* listObjects(client, bucket) {
  const { ListObjectsV2Command } = requireFromServer('@aws-sdk/client-s3');
  let token;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) yield object;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Where an object's copy lives under `dir`; a key that would leave it is refused. */
export function objectPath(dir, key) {
  const full = path.resolve(dir, key);
  if (!full.startsWith(path.resolve(dir) + path.sep)) {
    throw new Error(`The object key ${JSON.stringify(key)} cannot be copied to a file.`);
  }
  return full;
}

/** Runs `work` on every item, `limit` at a time. */
export async function eachLimited(items, limit, work) {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(runners);
}

/** A script's main: refusals exit 2, failures 1, each with its message on stderr. */
export async function main(tool, work) {
  try {
    await work();
  } catch (error) {
    if (error instanceof Refusal) {
      console.error(`[${tool}] refused: ${error.message}`);
      process.exit(2);
    }
    console.error(`[${tool}] failed: ${error.message}`);
    process.exit(1);
  }
}
