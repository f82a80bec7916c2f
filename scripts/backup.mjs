// `node scripts/backup.mjs <new-folder> [--s3] [--force]`: backs up ListLoop's database and
// files into a new (or empty) folder, with the same environment as the server (DATABASE_URL,
// DATA_DIR, STORAGE, S3_*). Decision 0063; restore with scripts/restore.mjs.
//
//   Server Postgres (DATABASE_URL): pg_dump in custom format, online, one consistent snapshot.
//   Embedded PGlite (no DATABASE_URL): DATA_DIR/pglite copied as a tarball; the server must be
//     stopped (a copy under a running server is not consistent). --force copies even though a
//     server answers on PORT (when that is another program).
//   Files: DATA_DIR/files (local storage) and DATA_DIR's auth-secret and credentials-key as a
//     tarball. With STORAGE=s3 the bucket's own versioning or replication is the files' backup;
//     --s3 also copies every object of S3_BUCKET into the backup.
//
// Exit codes: 0 done, 1 failed (the partial backup is removed), 2 refused (nothing written).
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  bytes,
  countRows,
  DATA_DIR_ENTRIES,
  eachLimited,
  exists,
  FORMAT,
  isEmptyDir,
  listObjects,
  main,
  MANIFEST,
  objectPath,
  pgConnection,
  pgTool,
  redact,
  Refusal,
  requireFromServer,
  runTool,
  s3Client,
  say,
  serverAnswers,
  settingsFromEnv,
  sha256,
  sizeOf,
  timed,
  toolMajor,
  VERSION,
  withPg,
} from './lib/backup.mjs';

const TOOL = 'backup';
const USAGE = 'Usage: node scripts/backup.mjs <new-or-empty-folder> [--s3] [--force]';

function parseArgs(argv) {
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')));
  const positional = argv.filter((arg) => !arg.startsWith('--'));
  for (const flag of flags) {
    if (!['--s3', '--force', '--help'].includes(flag))
      throw new Refusal(`Unknown option ${flag}. ${USAGE}`);
  }
  if (flags.has('--help')) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positional.length !== 1)
    throw new Refusal(`Name the folder to write the backup to. ${USAGE}`);
  return {
    target: path.resolve(positional[0]),
    s3: flags.has('--s3'),
    force: flags.has('--force'),
  };
}

/** Refuses before anything is written: bad target, missing tools, a running embedded server. */
async function preflight(settings, args) {
  if (!(await isEmptyDir(args.target))) {
    throw new Refusal(`${args.target} is not empty; give a new or empty folder for the backup.`);
  }
  if (args.s3 && settings.storage !== 's3') {
    throw new Refusal('--s3 copies the S3 bucket, but STORAGE is not s3 here.');
  }
  if (settings.databaseUrl) {
    const tool = await toolMajor(settings, 'pg_dump');
    const server = await withPg(settings.databaseUrl, async (client) =>
      Number((await client.query('SHOW server_version_num')).rows[0].server_version_num),
    );
    const serverMajor = Math.floor(server / 10_000);
    if (tool.major < serverMajor) {
      throw new Refusal(
        `${tool.text} cannot dump a PostgreSQL ${serverMajor} server; install pg_dump ${serverMajor} or newer (or set PG_BIN).`,
      );
    }
    return { pgDump: tool.text, serverMajor };
  }
  const pglite = path.join(settings.dataDir, 'pglite');
  if (await isEmptyDir(pglite)) {
    throw new Refusal(
      `There is no embedded database at ${pglite} (and no DATABASE_URL). Set DATA_DIR (and DATABASE_URL for server Postgres) as for the server.`,
    );
  }
  if (!args.force && (await serverAnswers(settings.port))) {
    throw new Refusal(
      `A ListLoop server answers on port ${settings.port}. The embedded database can only be copied with the server stopped: stop it and run the backup again (--force if that port is another program).`,
    );
  }
  return {};
}

/** Postgres: the counts and the dump from one exported snapshot, so they agree. */
async function dumpPostgres(settings, target) {
  const file = path.join(target, 'database.pgdump');
  const counts = await withPg(settings.databaseUrl, async (client) => {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      const snapshot = (await client.query('SELECT pg_export_snapshot() AS id')).rows[0].id;
      const counted = await countRows(client);
      const connection = pgConnection(settings.databaseUrl);
      await runTool(
        pgTool(settings, 'pg_dump'),
        ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, connection.arg],
        { env: connection.env },
      );
      return counted;
    } finally {
      await client.query('COMMIT');
    }
  });
  return { file, counts };
}

/** Every object of the bucket, as files under s3/objects, with a list of keys and types. */
async function copyBucket(settings, target) {
  const { GetObjectCommand } = requireFromServer('@aws-sdk/client-s3');
  const client = s3Client(settings);
  const dir = path.join(target, 's3', 'objects');
  const objects = [];
  for await (const object of listObjects(client, settings.s3.bucket)) {
    objects.push({ key: object.Key, size: object.Size ?? 0 });
  }
  await eachLimited(objects, 8, async (object) => {
    const file = objectPath(dir, object.key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const got = await client.send(
      new GetObjectCommand({ Bucket: settings.s3.bucket, Key: object.key }),
    );
    object.contentType = got.ContentType ?? null;
    await pipeline(got.Body, fs.createWriteStream(file));
  });
  client.destroy();
  const list = path.join(target, 's3', 'objects.json');
  await fsp.writeFile(list, JSON.stringify(objects));
  return { list, objects: objects.length, bytes: objects.reduce((n, o) => n + o.size, 0) };
}

await main(TOOL, async () => {
  const args = parseArgs(process.argv.slice(2));
  const settings = settingsFromEnv();
  const versions = await preflight(settings, args);
  const startedAt = new Date();
  const started = performance.now();
  const createdTarget = !(await exists(args.target));
  await fsp.mkdir(args.target, { recursive: true });
  try {
    const manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: startedAt.toISOString(),
      database: null,
      dataDir: null,
      storage: settings.storage,
      s3: null,
      checksums: {},
    };

    if (settings.databaseUrl) {
      const { result, took } = await timed(() => dumpPostgres(settings, args.target));
      manifest.database = {
        kind: 'postgres',
        file: path.basename(result.file),
        serverMajor: versions.serverMajor,
        pgDump: versions.pgDump,
        counts: result.counts,
      };
      say(
        TOOL,
        `database: pg_dump of ${redact(settings.databaseUrl)} → ${manifest.database.file} (${bytes(await sizeOf(result.file))}, ${took}); rows: ${JSON.stringify(result.counts)}`,
      );
    } else {
      const file = path.join(args.target, 'pglite.tar.gz');
      const { took } = await timed(() =>
        runTool('tar', ['-czf', file, '-C', settings.dataDir, 'pglite']),
      );
      manifest.database = { kind: 'pglite', file: path.basename(file) };
      say(
        TOOL,
        `database: embedded PGlite ${path.join(settings.dataDir, 'pglite')} → ${manifest.database.file} (${bytes(await sizeOf(file))}, ${took})`,
      );
    }

    const entries = [];
    for (const entry of DATA_DIR_ENTRIES) {
      if (entry === 'files' && settings.storage !== 'local') continue;
      if (await exists(path.join(settings.dataDir, entry))) entries.push(entry);
    }
    if (entries.length > 0) {
      const file = path.join(args.target, 'data-dir.tar');
      // Photos are JPEG already: compressing them again costs time and saves nothing.
      const { took } = await timed(() =>
        runTool('tar', ['-cf', file, '-C', settings.dataDir, ...entries]),
      );
      manifest.dataDir = { file: path.basename(file), entries };
      say(
        TOOL,
        `files: ${entries.map((e) => path.join(settings.dataDir, e)).join(', ')} → ${manifest.dataDir.file} (${bytes(await sizeOf(file))}, ${took})`,
      );
    }
    if (settings.storage === 'local' && !entries.includes('files')) {
      say(
        TOOL,
        `files: ${path.join(settings.dataDir, 'files')} does not exist yet: no files to keep`,
      );
    }
    if (entries.includes('auth-secret') || entries.includes('credentials-key')) {
      say(
        TOOL,
        'the backup holds the auth secret and/or the credentials key from DATA_DIR: keep it as private as the server itself',
      );
    }
    for (const name of ['AUTH_SECRET', 'CREDENTIALS_KEY']) {
      if (process.env[name]) {
        say(
          TOOL,
          `${name} comes from the environment and is not in the backup: keep it with the backup, a restore needs the same value`,
        );
      }
    }

    if (settings.storage === 's3') {
      if (args.s3) {
        const { result, took } = await timed(() => copyBucket(settings, args.target));
        manifest.s3 = {
          bucket: settings.s3.bucket,
          list: path.relative(args.target, result.list),
          objects: result.objects,
          bytes: result.bytes,
        };
        say(
          TOOL,
          `S3: ${result.objects} objects (${bytes(result.bytes)}) of bucket ${settings.s3.bucket} → s3/objects (${took})`,
        );
      } else {
        say(
          TOOL,
          `S3: the files stay in bucket ${settings.s3.bucket}; its versioning or replication is their backup (--s3 copies them here)`,
        );
      }
    }

    for (const file of [manifest.database.file, manifest.dataDir?.file, manifest.s3?.list]) {
      if (file) manifest.checksums[file] = await sha256(path.join(args.target, file));
    }
    // Written last: a folder without a manifest is not a finished backup.
    await fsp.writeFile(path.join(args.target, MANIFEST), JSON.stringify(manifest, null, 2));
    const total = performance.now() - started;
    say(TOOL, `done: ${args.target} in ${(total / 1000).toFixed(1)} s`);
  } catch (error) {
    // Half a backup must not pass for one.
    if (createdTarget) await fsp.rm(args.target, { recursive: true, force: true });
    else
      for (const entry of await fsp.readdir(args.target))
        await fsp.rm(path.join(args.target, entry), { recursive: true, force: true });
    throw error;
  }
});
