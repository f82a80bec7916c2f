// Builds the web app (apps/web/dist) when its sources changed since the last build.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, formatDuration, hashInputs, log, readStamp, runBin, writeStamp } from './util.mjs';

const WEB_DIR = path.join(ROOT, 'apps/web');
const DIST_DIR = path.join(WEB_DIR, 'dist');
const STAMP = path.join(DIST_DIR, '.listloop-build-stamp');

/** Everything the bundle is made from: the web app, the domain package and the locked versions. */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Runs `vite build` unless the stamp in dist matches the sources. Returns true when it built. */
export async function ensureWebBuild({ force = false } = {}) {
  const hash = hashInputs(BUILD_INPUTS);
  const reason = force
    ? 'asked to rebuild'
    : !fs.existsSync(path.join(DIST_DIR, 'index.html'))
      ? 'there is no build yet'
      : readStamp(STAMP) !== hash
        ? 'its sources changed since the last build'
        : null;
  if (reason === null) return false;

  log(`Building the web app (${reason})…`);
  const started = Date.now();
  fs.rmSync(STAMP, { force: true });
  const code = await runBin(
    'vite',
    'vite',
    ['build', '--config', path.join(WEB_DIR, 'vite.config.ts')],
    {
      cwd: WEB_DIR,
    },
  );
  if (code !== 0) {
    throw Object.assign(new Error(`vite build exited with code ${code}`), { exitCode: code });
  }
  writeStamp(STAMP, hash);
  log(`Web app built in ${formatDuration(Date.now() - started)}.`);
  return true;
}
