// Runs independent commands a few at a time, each with its output held back and printed whole
// when it ends, so two commands running together never interleave their lines.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { ROOT, formatDuration, log } from './util.mjs';

/** The projects `npm run typecheck` checks, each with its own tsconfig. */
export const TYPECHECK_PROJECTS = [
  'apps/server',
  'apps/web',
  'e2e',
  'packages/emulators',
  'apps/extension',
  'packages/domain',
  'packages/pglite-17',
];

/** One task per TypeScript project: `tsc -p <project> --noEmit` with the installed compiler. */
export function typecheckTasks(binScript) {
  const tsc = binScript('typescript', 'tsc');
  return TYPECHECK_PROJECTS.map((project) => ({
    name: `tsc ${project}`,
    command: process.execPath,
    args: [tsc, '-p', project, '--noEmit'],
  }));
}

function runHeld({ command, args, env }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      resolve({ code: 1, output: Buffer.concat(chunks).toString('utf8') });
    });
    child.on('close', (code, signal) =>
      resolve({ code: signal ? 1 : (code ?? 1), output: Buffer.concat(chunks).toString('utf8') }),
    );
  });
}

/**
 * Runs `tasks` ({name, command, args, env?}) with at most `concurrency` at once, in the given
 * order (put the longest first), and resolves with [{name, code, ms}] in that order.
 * Every task runs even when one fails, so a single run reports every failure.
 */
export async function runParallel(tasks, concurrency = Math.max(1, os.availableParallelism())) {
  const results = new Array(tasks.length);
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      const task = tasks[index];
      const started = Date.now();
      const { code, output } = await runHeld(task);
      const ms = Date.now() - started;
      results[index] = { name: task.name, code, ms };
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      const verdict = code === 0 ? 'ok' : `FAILED (exit ${code})`;
      log(`${task.name}: ${verdict} in ${formatDuration(ms)}`);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}
