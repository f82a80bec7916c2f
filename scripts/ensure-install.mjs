// Installs the dependencies when node_modules is missing or older than the package files.
// Used by `npm start`, `npm test` and `npm run dev`; plain Node, since it runs before any install.
import fs from 'node:fs';
import path from 'node:path';
import {
  ROOT,
  formatDuration,
  hashInputs,
  isMain,
  log,
  readStamp,
  runNpm,
  runNpmCapturingStderr,
  workspaceDirs,
  writeStamp,
} from './lib/util.mjs';

const STAMP = path.join(ROOT, 'node_modules', '.listloop-install-stamp');
const LOCKFILE = path.join(ROOT, 'package-lock.json');
// onnxruntime-node's install script would fetch CUDA binaries from GitHub; the CPU ones ship in the package.
const NPM_ENV = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_onnxruntime_node_install_cuda: 'skip',
};

/** What an install depends on: the lockfile, every package.json, .npmrc, and the Node ABI. */
function installHash() {
  const inputs = [
    'package-lock.json',
    'package.json',
    '.npmrc',
    ...workspaceDirs().map((dir) => path.relative(ROOT, path.join(dir, 'package.json'))),
  ];
  return hashInputs(inputs, [process.platform, process.arch, `abi-${process.versions.modules}`]);
}

function staleReason() {
  if (!fs.existsSync(path.join(ROOT, 'node_modules'))) return 'node_modules is missing';
  const stamp = readStamp(STAMP);
  if (stamp === null) return 'node_modules was not installed by these scripts';
  if (stamp !== installHash()) return 'package files changed since the last install';
  return null;
}

const LOCKFILE_REFUSED = /can only install packages when your package\.json and package-lock\.json/;

/**
 * `npm ci` when there is a lockfile. npm ci refuses a lockfile that lacks entries it cannot
 * resolve; a registry mirror without other platforms' optional binaries (unrs-resolver's) makes
 * such a lockfile, so on exactly that refusal we install from the same lockfile with
 * `npm install --no-save`, which keeps its versions and leaves it untouched.
 */
async function install() {
  if (!fs.existsSync(LOCKFILE)) {
    log('Installing dependencies with `npm install` (there is no package-lock.json)…');
    return { command: 'npm install', code: await runNpm(['install'], { env: NPM_ENV }) };
  }
  log('Installing dependencies with `npm ci`…');
  // A refused lockfile makes npm print its whole usage text: keep that out of sight.
  let refused = false;
  const ci = await runNpmCapturingStderr(['ci'], {
    env: NPM_ENV,
    showStderrLine: (line) => {
      if (/npm error code EUSAGE/.test(line)) refused = true;
      return !refused;
    },
  });
  if (ci.code === 0 || !LOCKFILE_REFUSED.test(ci.stderr)) {
    if (refused) process.stderr.write(ci.stderr.slice(ci.stderr.indexOf('npm error code EUSAGE')));
    return { command: 'npm ci', code: ci.code };
  }
  const missing = ci.stderr.match(/^npm error Missing: .*$/gm) ?? [];
  log(
    `\`npm ci\` refused package-lock.json: it lacks ${missing.length} package(s) npm wants, ` +
      `e.g. ${missing[0]?.replace(/^npm error Missing: (.*?)@? from lock file$/, '$1') ?? '(none named)'}.`,
  );
  log('Installing from the same lockfile with `npm install --no-save` instead…');
  return {
    command: 'npm install --no-save',
    code: await runNpm(['install', '--no-save'], { env: NPM_ENV }),
  };
}

/**
 * Installs unless the stamp written after the last successful install matches the package
 * files. Returns true when it installed.
 */
export async function ensureInstall({ force = false } = {}) {
  const reason = force ? 'asked to reinstall' : staleReason();
  if (reason === null) return false;

  log(`Dependencies need installing: ${reason}.`);
  const started = Date.now();
  const { command, code } = await install();
  if (code !== 0) {
    throw Object.assign(new Error(`${command} exited with code ${code}`), { exitCode: code });
  }
  // Hashed after the install: `npm install` may have written the lockfile.
  writeStamp(STAMP, installHash());
  log(`Dependencies installed with \`${command}\` in ${formatDuration(Date.now() - started)}.`);
  return true;
}

if (isMain(import.meta.url)) {
  ensureInstall({ force: process.argv.includes('--force') }).then(
    (installed) => {
      if (!installed) log('Dependencies are up to date.');
    },
    (error) => {
      console.error(error.message);
      process.exit(error.exitCode ?? 1);
    },
  );
}
