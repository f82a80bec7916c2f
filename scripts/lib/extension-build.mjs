// Builds the browser extension (apps/extension/dist) when its sources changed since the last
// build. The server packs that folder into /extension/listloop.zip.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, formatDuration, hashInputs, log, readStamp, runBin, writeStamp } from './util.mjs';

const EXTENSION_DIR = path.join(ROOT, 'apps/extension');
const DIST_DIR = path.join(EXTENSION_DIR, 'dist');
const STAMP = path.join(DIST_DIR, '.listloop-build-stamp');

/** Everything the extension is made from: its sources, the domain package and the locked versions. */
const BUILD_INPUTS = [
  'apps/extension/src',
  'apps/extension/public',
  'apps/extension/manifest.config.ts',
  'apps/extension/vite.config.ts',
  'apps/extension/tsconfig.json',
  'apps/extension/package.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** Runs `vite build` unless the stamp in dist matches the sources. Returns true when it built. */
export async function ensureExtensionBuild({ force = false } = {}) {
  const hash = hashInputs(BUILD_INPUTS);
  const reason = force
    ? 'asked to rebuild'
    : !fs.existsSync(path.join(DIST_DIR, 'manifest.json'))
      ? 'there is no build yet'
      : readStamp(STAMP) !== hash
        ? 'its sources changed since the last build'
        : null;
  if (reason === null) return false;

  log(`Building the browser extension (${reason})…`);
  const started = Date.now();
  fs.rmSync(STAMP, { force: true });
  const code = await runBin(
    'vite',
    'vite',
    ['build', '--config', path.join(EXTENSION_DIR, 'vite.config.ts')],
    { cwd: EXTENSION_DIR },
  );
  if (code !== 0) {
    throw Object.assign(new Error(`vite build exited with code ${code}`), { exitCode: code });
  }
  writeStamp(STAMP, hash);
  log(`Browser extension built in ${formatDuration(Date.now() - started)}.`);
  return true;
}
