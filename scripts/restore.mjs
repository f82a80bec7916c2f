// `node scripts/restore.mjs <backup-folder> [--force] [--s3]`: restores a backup made by
// scripts/backup.mjs, with the same environment as the server that will run on it
// (DATABASE_URL, DATA_DIR, STORAGE, S3_*). Decision 0063.
//
//   Postgres backup: pg_restore into DATABASE_URL, which must be an empty database (create it
//     first: createdb, or your provider's console); in one transaction, so a failure leaves it
//     empty. The row counts recorded at backup are checked afterwards.
//   PGlite backup: unpacked into DATA_DIR/pglite, which must be missing or empty; no server
//     may be running on it.
//   Files and secrets: DATA_DIR/files, auth-secret and credentials-key, where none is yet.
//   --s3: the objects copied by `backup.mjs --s3` are put back into S3_BUCKET, which must be
//     empty.
//   --force: restores over what is there: pg_restore --clean into a database that has tables,
//     and existing DATA_DIR entries are moved aside to <name>.before-restore-<time>.
//
// Exit codes: 0 done, 1 failed, 2 refused (nothing changed).
import fsp from 'node:fs/promises';
import path from 'node:path';
import {
  bytes,
  countRows,
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
  timed,
  toolMajor,
  VERSION,
  userRelations,
  withPg,
} from './lib/backup.mjs';

const TOOL = 'restore';
const USAGE = 'Usage: node scripts/restore.mjs <backup-folder> [--force] [--s3]';

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
  if (positional.length !== 1) throw new Refusal(`Name the backup folder to restore. ${USAGE}`);
  return {
    source: path.resolve(positional[0]),
    s3: flags.has('--s3'),
    force: flags.has('--force'),
  };
}

/** The backup's manifest, its files present and unchanged since the backup was made. */
async function readBackup(source) {
  let manifest;
  try {
    manifest = JSON.parse(await fsp.readFile(path.join(source, MANIFEST), 'utf8'));
  } catch {
    throw new Refusal(
      `${source} is not a finished ListLoop backup (no readable ${MANIFEST}; a backup that failed has none).`,
    );
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new Refusal(`${source} is not a ListLoop backup of format version ${VERSION}.`);
  }
  for (const [file, expected] of Object.entries(manifest.checksums ?? {})) {
    const full = path.join(source, file);
    if (!(await exists(full))) throw new Refusal(`The backup is missing ${file}.`);
    if ((await sha256(full)) !== expected) {
      throw new Refusal(`${file} has changed since the backup was made (checksum differs).`);
    }
  }
  return manifest;
}

function stamp() {
  return new Date().toISOString().replace(/[:.]/g, '-');
}

/** Moves an existing path out of the way, and says where to. */
async function moveAside(target) {
  const aside = `${target}.before-restore-${stamp()}`;
  await fsp.rename(target, aside);
  say(TOOL, `moved the existing ${target} aside to ${aside}`);
}

/**
 * Everything that would make the restore refuse, checked before anything is changed. Answers
 * what the restore will do, including the DATA_DIR entries unpacked into a staging folder.
 */
async function preflight(settings, args, manifest) {
  const plan = { database: manifest.database, clean: false, staging: null, entries: [] };
  const db = manifest.database;
  if (db.kind === 'postgres') {
    if (!settings.databaseUrl) {
      throw new Refusal(
        'This backup holds a server Postgres database: set DATABASE_URL to the empty database to restore it into.',
      );
    }
    const tool = await toolMajor(settings, 'pg_restore');
    const dumpMajor = Number(/(\d+)/.exec(db.pgDump ?? '')?.[1] ?? 0);
    if (tool.major < dumpMajor) {
      throw new Refusal(
        `${tool.text} cannot read a dump made by ${db.pgDump}; install pg_restore ${dumpMajor} or newer (or set PG_BIN).`,
      );
    }
    const relations = await withPg(settings.databaseUrl, userRelations);
    if (relations > 0 && !args.force) {
      throw new Refusal(
        `${redact(settings.databaseUrl)} is not empty (${relations} tables, views or sequences). Restore into a new, empty database, or pass --force to replace what the backup holds.`,
      );
    }
    plan.clean = relations > 0;
  } else {
    if (settings.databaseUrl) {
      throw new Refusal(
        'This backup holds the embedded PGlite database, restored into DATA_DIR/pglite: unset DATABASE_URL.',
      );
    }
    if (!args.force && (await serverAnswers(settings.port))) {
      throw new Refusal(
        `A ListLoop server answers on port ${settings.port}: stop it before restoring the embedded database (--force if that port is another program).`,
      );
    }
    const pglite = path.join(settings.dataDir, 'pglite');
    if (!(await isEmptyDir(pglite)) && !args.force) {
      throw new Refusal(
        `${pglite} already holds a database. Point DATA_DIR at a new folder, or pass --force to move it aside.`,
      );
    }
  }

  if (args.s3) {
    if (!manifest.s3)
      throw new Refusal('This backup holds no copy of an S3 bucket (made without --s3).');
    if (settings.storage !== 's3')
      throw new Refusal('--s3 restores into S3_BUCKET, but STORAGE is not s3 here.');
    const client = s3Client(settings);
    let any = false;
    for await (const _ of listObjects(client, settings.s3.bucket)) {
      any = true;
      break;
    }
    client.destroy();
    if (any && !args.force) {
      throw new Refusal(
        `Bucket ${settings.s3.bucket} is not empty. Restore into an empty bucket, or pass --force to write the backup's objects over it.`,
      );
    }
  } else if (manifest.s3) {
    say(TOOL, `this backup also holds a copy of bucket ${manifest.s3.bucket}; --s3 puts it back`);
  }

  // Last, since it writes: the backup's DATA_DIR entries, unpacked beside where they go.
  if (manifest.dataDir) {
    await fsp.mkdir(settings.dataDir, { recursive: true });
    plan.staging = path.join(settings.dataDir, `.restore-${stamp()}`);
    await fsp.mkdir(plan.staging);
    try {
      await runTool('tar', [
        '-xf',
        path.join(args.source, manifest.dataDir.file),
        '-C',
        plan.staging,
      ]);
      for (const entry of manifest.dataDir.entries) {
        const target = path.join(settings.dataDir, entry);
        const staged = path.join(plan.staging, entry);
        let conflict = false;
        if (entry === 'files') conflict = !(await isEmptyDir(target));
        else if (await exists(target)) {
          const same =
            (await fsp.readFile(target, 'utf8')) === (await fsp.readFile(staged, 'utf8'));
          if (same) continue;
          conflict = true;
        }
        if (conflict && !args.force) {
          throw new Refusal(
            `${target} already exists and differs from the backup's. Point DATA_DIR at a new folder, or pass --force to move it aside.`,
          );
        }
        plan.entries.push({ entry, target, staged, conflict });
      }
    } catch (error) {
      await fsp.rm(plan.staging, { recursive: true, force: true });
      throw error;
    }
  }

  return plan;
}

async function restorePostgres(settings, args, manifest, plan) {
  const file = path.join(args.source, manifest.database.file);
  const connection = pgConnection(settings.databaseUrl);
  const { took } = await timed(() =>
    runTool(
      pgTool(settings, 'pg_restore'),
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        ...(plan.clean ? ['--clean', '--if-exists'] : []),
        connection.arg,
        file,
      ],
      { env: connection.env },
    ),
  );
  const counts = await withPg(settings.databaseUrl, countRows);
  say(
    TOOL,
    `database: ${manifest.database.file} → ${redact(settings.databaseUrl)} (${took}); rows: ${JSON.stringify(counts)}`,
  );
  const expected = manifest.database.counts ?? {};
  const differing = Object.keys(expected).filter((table) => counts[table] !== expected[table]);
  if (differing.length > 0) {
    throw new Error(
      `the restored database's rows differ from the backup's in ${differing.join(', ')}: backed up ${JSON.stringify(expected)}`,
    );
  }
}

async function restorePglite(settings, args, manifest) {
  const pglite = path.join(settings.dataDir, 'pglite');
  if (!(await isEmptyDir(pglite))) await moveAside(pglite);
  else await fsp.rm(pglite, { recursive: true, force: true });
  await fsp.mkdir(settings.dataDir, { recursive: true });
  const { took } = await timed(() =>
    runTool('tar', [
      '-xzf',
      path.join(args.source, manifest.database.file),
      '-C',
      settings.dataDir,
    ]),
  );
  say(TOOL, `database: ${manifest.database.file} → ${pglite} (${took})`);
}

async function restoreBucket(settings, args, manifest) {
  const { PutObjectCommand } = requireFromServer('@aws-sdk/client-s3');
  const client = s3Client(settings);
  const objects = JSON.parse(await fsp.readFile(path.join(args.source, manifest.s3.list), 'utf8'));
  const dir = path.join(args.source, 's3', 'objects');
  const { took } = await timed(() =>
    eachLimited(objects, 8, async (object) => {
      const body = await fsp.readFile(objectPath(dir, object.key));
      await client.send(
        new PutObjectCommand({
          Bucket: settings.s3.bucket,
          Key: object.key,
          Body: body,
          ContentLength: body.length,
          ...(object.contentType ? { ContentType: object.contentType } : {}),
        }),
      );
    }),
  );
  client.destroy();
  const total = objects.reduce((n, o) => n + o.size, 0);
  say(
    TOOL,
    `S3: ${objects.length} objects (${bytes(total)}) → bucket ${settings.s3.bucket} (${took})`,
  );
}

await main(TOOL, async () => {
  const args = parseArgs(process.argv.slice(2));
  const settings = settingsFromEnv();
  if (!(await exists(args.source))) throw new Refusal(`There is no backup at ${args.source}.`);
  const manifest = await readBackup(args.source);
  say(
    TOOL,
    `backup of ${manifest.createdAt}: ${manifest.database.kind} database${manifest.dataDir ? `, ${manifest.dataDir.entries.join(', ')}` : ''}${manifest.s3 ? `, ${manifest.s3.objects} S3 objects` : ''}`,
  );
  const plan = await preflight(settings, args, manifest);
  const started = performance.now();
  try {
    if (manifest.database.kind === 'postgres')
      await restorePostgres(settings, args, manifest, plan);
    else await restorePglite(settings, args, manifest);

    for (const { entry, target, staged, conflict } of plan.entries) {
      if (conflict) await moveAside(target);
      else if (entry === 'files') await fsp.rm(target, { recursive: true, force: true });
      await fsp.rename(staged, target);
    }
    if (plan.entries.length > 0) {
      say(TOOL, `files: ${plan.entries.map((e) => e.target).join(', ')}`);
    }
    if (args.s3) await restoreBucket(settings, args, manifest);
  } finally {
    if (plan.staging) await fsp.rm(plan.staging, { recursive: true, force: true });
  }
  if (manifest.storage === 's3' && !args.s3) {
    say(
      TOOL,
      `the files were in an S3 bucket${manifest.s3 ? ` (${manifest.s3.bucket})` : ''}: point S3_BUCKET at it (or at its restored copy)`,
    );
  }
  say(
    TOOL,
    `done in ${((performance.now() - started) / 1000).toFixed(1)} s: start the server with the same DATABASE_URL, DATA_DIR and STORAGE settings`,
  );
});
