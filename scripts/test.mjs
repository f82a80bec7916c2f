// `npm test`: every check CI runs, in order, stopping at the first failed stage.
// install → checks (lint, typecheck of each project, prettier, web build, extension build: two
// at a time, since each is one process on one core) → vitest (unit + integration) → Playwright
// (e2e).
// Ends with one line `N passed, N failed[, N skipped]` counting the vitest and Playwright tests.
import fs from 'node:fs';
import path from 'node:path';
import { ensureInstall } from './ensure-install.mjs';
import { ROOT, binScript, formatDuration, log, runBin } from './lib/util.mjs';
import { runParallel, typecheckTasks } from './lib/parallel.mjs';

const REPORT_DIR = path.join(ROOT, 'test-results', 'reports');
const VITEST_REPORT = path.join(REPORT_DIR, 'vitest.json');
const PLAYWRIGHT_REPORT = path.join(REPORT_DIR, 'playwright.json');

const counts = { passed: 0, failed: 0, skipped: 0 };

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Adds the counts of vitest's JSON report (Jest's format); false when there is no report. */
function countVitest() {
  const report = readJson(VITEST_REPORT);
  if (!report) return false;
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  return true;
}

/** Adds the counts of Playwright's JSON report; a test that passed on retry counts as passed. */
function countPlaywright() {
  const stats = readJson(PLAYWRIGHT_REPORT)?.stats;
  if (!stats) return false;
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  counts.failed += stats.unexpected ?? 0;
  counts.skipped += stats.skipped ?? 0;
  if (stats.flaky) log(`${stats.flaky} end-to-end test(s) passed only on retry (flaky).`);
  return true;
}

async function fromBuild(build) {
  try {
    await build();
    return 0;
  } catch (error) {
    console.error(error.message);
    return error.exitCode ?? 1;
  }
}

/** Each stage's own parts, shown under it in the summary. */
const stageParts = new Map();

/** The checks that need no database, longest first; each task's time goes in the summary. */
async function checks() {
  const node = (script, ...args) => ({ command: process.execPath, args: [script, ...args] });
  const [typecheckServer, typecheckWeb, ...typecheckRest] = typecheckTasks(binScript);
  const tasks = [
    { name: 'lint', ...node(binScript('eslint'), '--max-warnings=0', '.') },
    typecheckServer,
    typecheckWeb,
    { name: 'web build', ...node(path.join(ROOT, 'scripts/build-web.mjs')) },
    ...typecheckRest,
    { name: 'prettier', ...node(binScript('prettier'), '--check', '.') },
    { name: 'ext build', ...node(path.join(ROOT, 'scripts/build-extension.mjs')) },
  ];
  const taskResults = await runParallel(tasks);
  stageParts.set('checks', taskResults);
  return taskResults.find((result) => result.code !== 0)?.code ?? 0;
}

const stages = [
  { name: 'install', run: () => fromBuild(() => ensureInstall()) },
  { name: 'checks', run: checks },
  {
    name: 'vitest',
    run: async () => {
      fs.rmSync(VITEST_REPORT, { force: true });
      const code = await runBin('vitest', 'vitest', [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--reporter=${path.join(ROOT, 'scripts/lib/unhandled-errors-reporter.mjs')}`,
        `--outputFile.json=${VITEST_REPORT}`,
      ]);
      if (!countVitest()) log('vitest wrote no JSON report; its tests are not counted.');
      return code;
    },
  },
  {
    name: 'e2e',
    run: async () => {
      fs.rmSync(PLAYWRIGHT_REPORT, { force: true });
      const code = await runBin(
        '@playwright/test',
        'playwright',
        ['test', '-c', path.join(ROOT, 'e2e/playwright.config.ts'), '--reporter=list,json'],
        { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT } },
      );
      if (!countPlaywright()) log('Playwright wrote no JSON report; its tests are not counted.');
      return code;
    },
  },
];

fs.mkdirSync(REPORT_DIR, { recursive: true });
const started = Date.now();
const results = [];
let failure = null;
for (const stage of stages) {
  console.log(`\n[listloop] ━━ ${stage.name} ━━`);
  const stageStarted = Date.now();
  let code;
  try {
    code = await stage.run();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  const ms = Date.now() - stageStarted;
  results.push({ name: stage.name, code, ms });
  log(`${stage.name}: ${code === 0 ? 'ok' : `FAILED (exit ${code})`} in ${formatDuration(ms)}`);
  if (code !== 0) {
    failure = { name: stage.name, code };
    break;
  }
}

console.log('\n[listloop] Stages:');
const summaryLine = ({ name, code, ms }, indent = '') =>
  console.log(
    `  ${code === 0 ? 'ok    ' : 'FAILED'}  ${(indent + name).padEnd(26)} ${formatDuration(ms)}`,
  );
for (const result of results) {
  summaryLine(result);
  for (const part of stageParts.get(result.name) ?? []) summaryLine(part, '  ');
}
for (const stage of stages.slice(results.length))
  console.log(`  -       ${stage.name.padEnd(26)} not run`);
console.log(`  ${'total'.padEnd(34)} ${formatDuration(Date.now() - started)}`);
console.log(
  failure
    ? `[listloop] npm test FAILED at ${failure.name} (exit ${failure.code}).`
    : '[listloop] npm test passed.',
);
console.log(
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(failure ? failure.code || 1 : 0);
