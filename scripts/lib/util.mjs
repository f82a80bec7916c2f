// Shared helpers of the project scripts. Plain Node only: these run before `npm ci`.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever the caller's working directory. */
export const ROOT = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));

export function log(message) {
  console.log(`[listloop] ${message}`);
}

export function formatDuration(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/**
 * Runs a command with inherited stdio in the repository root and resolves with its exit code
 * (128 + signal number when it was killed by a signal). Never rejects on a non-zero exit.
 */
export async function run(command, args, options = {}) {
  return (await runCapturingStderr(command, args, { ...options, captureStderr: false })).code;
}

/**
 * Like `run`, and also returns what the command wrote to stderr. Each stderr line is shown as
 * it comes unless `showStderrLine(line)` says otherwise; with `captureStderr: false` stderr is
 * simply inherited.
 */
export function runCapturingStderr(
  command,
  args,
  { captureStderr = true, showStderrLine = () => true, ...options } = {},
) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: ['inherit', 'inherit', captureStderr ? 'pipe' : 'inherit'],
      // npm on Windows is a .cmd file, which Node spawns only through a shell.
      shell: process.platform === 'win32' && command.endsWith('.cmd'),
      ...options,
    });
    let stderr = '';
    let pending = '';
    const show = (line) => {
      if (showStderrLine(line)) process.stderr.write(`${line}\n`);
    };
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(show);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (pending) show(pending);
      resolve({ code: signal ? 128 + (signalNumber(signal) ?? 1) : (code ?? 1), stderr });
    });
  });
}

function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGQUIT: 3, SIGKILL: 9, SIGTERM: 15 }[signal];
}

/** How to run npm: the npm that started us when there is one, else the npm on PATH. */
export function npmCommand(args) {
  const execPath = process.env.npm_execpath;
  if (execPath && /\.[cm]?js$/.test(execPath) && fs.existsSync(execPath)) {
    return [process.execPath, [execPath, ...args]];
  }
  return [process.platform === 'win32' ? 'npm.cmd' : 'npm', args];
}

export function runNpm(args, options) {
  const [command, fullArgs] = npmCommand(args);
  return run(command, fullArgs, options);
}

export function runNpmCapturingStderr(args, options) {
  const [command, fullArgs] = npmCommand(args);
  return runCapturingStderr(command, fullArgs, options);
}

/**
 * The directory of an installed package as Node would find it from `fromDir` (walking up the
 * node_modules folders), without relying on the package exporting its package.json.
 */
export function packageDir(name, fromDir = ROOT) {
  for (let dir = path.resolve(fromDir); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return null;
  }
}

/** The JavaScript file of a package's command-line tool, to run with `node`. */
export function binScript(packageName, binName = packageName, fromDir = ROOT) {
  const dir = packageDir(packageName, fromDir);
  if (!dir) throw new Error(`${packageName} is not installed (run npm ci)`);
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.[binName];
  if (!bin) throw new Error(`${packageName} has no "${binName}" command`);
  return path.join(dir, bin);
}

/** Runs an installed package's CLI with the current Node, found from `options.cwd` (or the root). */
export function runBin(packageName, binName, args, options = {}) {
  return run(
    process.execPath,
    [binScript(packageName, binName, options.cwd ?? ROOT), ...args],
    options,
  );
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results']);

/** Every file under `target` (a file or a directory), skipping build output and dependencies. */
export function listFiles(target) {
  if (!fs.existsSync(target)) return [];
  if (fs.statSync(target).isFile()) return [target];
  const files = [];
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    const full = path.join(target, entry.name);
    if (entry.isDirectory()) files.push(...listFiles(full));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/**
 * A hash of the names and contents of the given files and directories (relative to the root),
 * plus any extra strings; a missing input counts as "missing", so creating it changes the hash.
 */
export function hashInputs(targets, extra = []) {
  const hash = createHash('sha256');
  for (const value of extra) hash.update(`extra:${value}\0`);
  for (const target of targets) {
    const files = listFiles(path.resolve(ROOT, target));
    if (files.length === 0) hash.update(`missing:${target}\0`);
    for (const file of files.sort()) {
      hash.update(`file:${path.relative(ROOT, file).split(path.sep).join('/')}\0`);
      hash.update(fs.readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

export function readStamp(file) {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

export function writeStamp(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`);
}

/** The workspace folders named by the root package.json (`dir/*` patterns and plain folders). */
export function workspaceDirs() {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const patterns = Array.isArray(pkg.workspaces)
    ? pkg.workspaces
    : (pkg.workspaces?.packages ?? []);
  const dirs = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('/*')) {
      const parent = path.join(ROOT, pattern.slice(0, -2));
      if (!fs.existsSync(parent)) continue;
      for (const entry of fs.readdirSync(parent, { withFileTypes: true })) {
        const dir = path.join(parent, entry.name);
        if (entry.isDirectory() && fs.existsSync(path.join(dir, 'package.json'))) dirs.push(dir);
      }
    } else if (fs.existsSync(path.join(ROOT, pattern, 'package.json'))) {
      dirs.push(path.join(ROOT, pattern));
    }
  }
  return dirs.sort();
}

/** True when this module is the script Node was started with. */
export function isMain(importMetaUrl) {
  return Boolean(process.argv[1]) && path.resolve(process.argv[1]) === fileURLToPath(importMetaUrl);
}
