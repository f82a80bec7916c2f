// Runs the server (apps/server/src/main.ts through tsx's loader) as a child process that
// receives our signals and whose exit code becomes ours.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, packageDir } from './util.mjs';

const SERVER_DIR = path.join(ROOT, 'apps/server');
const ENTRY = path.join(SERVER_DIR, 'src/main.ts');

/** The file URL of tsx's ESM loader, for `node --import`. */
function tsxLoader() {
  const dir = packageDir('tsx', SERVER_DIR);
  if (!dir) throw new Error('tsx is not installed (run npm ci)');
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const main = pkg.exports?.['.'];
  const target = typeof main === 'string' ? main : (main?.import ?? main?.default);
  return pathToFileURL(path.join(dir, typeof target === 'string' ? target : 'dist/loader.mjs'))
    .href;
}

/** Paths given relative to where the user ran the command, made absolute for the server. */
function absolutePaths(env, names) {
  const result = { ...env };
  for (const name of names) {
    if (result[name] && !path.isAbsolute(result[name])) result[name] = path.resolve(result[name]);
  }
  return result;
}

/**
 * Starts the server with the repository root as its working directory (so the default
 * DATA_DIR is ./data there) and forwards SIGINT, SIGTERM and SIGHUP to it. When the server
 * exits, `onExit` runs and this process exits with the same code (or dies of the same signal).
 * `nodeArgs` go to node before the loader (the journeys' harness preloads its clock with it).
 */
export function runServerAndExit({
  args = [],
  env = process.env,
  onExit = () => {},
  nodeArgs = [],
} = {}) {
  const child = spawn(process.execPath, [...nodeArgs, '--import', tsxLoader(), ENTRY, ...args], {
    cwd: ROOT,
    stdio: 'inherit',
    env: absolutePaths(env, ['DATA_DIR', 'WEB_DIST_DIR']),
  });

  const forwarded = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of forwarded) process.on(signal, forward);

  child.on('error', (error) => {
    console.error(`Could not start the server: ${error.message}`);
    onExit();
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    onExit();
    if (signal) {
      for (const s of forwarded) process.off(s, forward);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
  return child;
}
