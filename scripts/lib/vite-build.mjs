// Builds a Vite workspace's dist when its sources changed since the last build, keeping a
// stamp of their hash in dist: the web app and the browser extension both build this way.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, formatDuration, hashInputs, log, readStamp, runBin, writeStamp } from './util.mjs';

/** What every build also reads: the domain package and the locked versions. */
const SHARED_INPUTS = [
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/**
 * Runs `vite build` in `apps/<workspace>` unless the stamp in its dist matches the sources.
 * `inputs` are its own files (relative to the workspace); `builtFile` is the file a finished
 * build always has. Returns true when it built.
 */
export async function ensureViteBuild({ workspace, label, inputs, builtFile, force = false }) {
  const dir = path.join(ROOT, 'apps', workspace);
  const distDir = path.join(dir, 'dist');
  const stamp = path.join(distDir, '.listloop-build-stamp');
  const hash = hashInputs([
    ...inputs.map((input) => `apps/${workspace}/${input}`),
    ...SHARED_INPUTS,
  ]);
  const reason = force
    ? 'asked to rebuild'
    : !fs.existsSync(path.join(distDir, builtFile))
      ? 'there is no build yet'
      : readStamp(stamp) !== hash
        ? 'its sources changed since the last build'
        : null;
  if (reason === null) return false;

  log(`Building the ${label} (${reason})…`);
  const started = Date.now();
  fs.rmSync(stamp, { force: true });
  const code = await runBin(
    'vite',
    'vite',
    ['build', '--config', path.join(dir, 'vite.config.ts')],
    {
      cwd: dir,
    },
  );
  if (code !== 0) {
    throw Object.assign(new Error(`vite build exited with code ${code}`), { exitCode: code });
  }
  writeStamp(stamp, hash);
  log(`Built the ${label} in ${formatDuration(Date.now() - started)}.`);
  return true;
}
