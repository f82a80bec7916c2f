// `npm run audit`: the published advisories against the dependencies the server and the web app
// ship (`npm audit --omit=dev`), and with `--signatures` the registry signatures of everything
// installed (`npm audit signatures`). Plain Node with no dependencies.
//
// Exit codes: 0 nothing at or above the level, 1 advisories found (or a signature that does not
// verify), 2 no advisory service could be reached, so nothing was checked. It is not part of
// `npm test`, which has to pass offline; run it where the registry's advisory service answers
// (CI with network, a release machine).
//
//   npm run audit                       advisories of level low and above
//   npm run audit -- --level=high       only high and critical ones fail
//   npm run audit -- --signatures       also verify the registry signatures
import { spawnSync } from 'node:child_process';

const LEVELS = ['info', 'low', 'moderate', 'high', 'critical'];

const args = process.argv.slice(2);
const level = args.find((a) => a.startsWith('--level='))?.slice('--level='.length) ?? 'low';
if (!LEVELS.includes(level)) {
  console.error(`--level must be one of ${LEVELS.join(', ')}`);
  process.exit(64);
}
const signatures = args.includes('--signatures');

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(npmArgs) {
  const result = spawnSync(npm, npmArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result;
}

function registry() {
  return run(['config', 'get', 'registry']).stdout.trim() || 'the npm registry';
}

function unreachable(what, detail) {
  console.error(
    `Not checked: ${what} could not be reached at ${registry()} (${detail}).\n` +
      'Run `npm run audit` where the registry answers (CI with network access).',
  );
  process.exit(2);
}

const audit = run(['audit', '--omit=dev', '--json']);
let report;
try {
  report = JSON.parse(audit.stdout);
} catch {
  unreachable('the advisory service', audit.stderr.trim().split('\n')[0] || 'no answer');
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  // npm answers an error object, not a report, when the advisory endpoint fails.
  unreachable(
    'the advisory service',
    report?.message ?? report?.error?.summary ?? 'an answer that is not an audit report',
  );
}

const failing = LEVELS.slice(LEVELS.indexOf(level));
const found = Object.entries(report.vulnerabilities ?? {})
  .filter(([, v]) => failing.includes(v.severity))
  .map(([name, v]) => `  ${v.severity.padEnd(9)} ${name} ${v.range ?? ''}`.trimEnd());
const summary = LEVELS.map((l) => `${counts[l] ?? 0} ${l}`).join(', ');
console.log(`npm audit --omit=dev: ${summary}.`);
let status = 0;
if (found.length > 0) {
  console.log(
    `At or above ${level}:\n${found.join('\n')}\nSee \`npm audit --omit=dev\` for fixes.`,
  );
  status = 1;
}

if (signatures) {
  const checked = run(['audit', 'signatures']);
  const output = `${checked.stdout}${checked.stderr}`.trim();
  // A signature that does not verify is reported as invalid or missing; anything else that
  // fails is npm not getting the registry's keys or the packages' metadata.
  if (checked.status !== 0 && !/invalid|missing/i.test(output)) {
    unreachable(
      'the registry signing keys',
      output.split('\n').find((l) => l.trim()) ?? 'no answer',
    );
  }
  console.log(output);
  if (checked.status !== 0) status = 1;
}
process.exit(status);
