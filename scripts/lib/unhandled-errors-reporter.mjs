// A vitest reporter that repeats the run's unhandled errors, compactly, as the last thing
// vitest prints: CI keeps only the tail of a long log, and an error raised outside any test
// (a late rejection while a server shuts down) is otherwise printed far above it.
const STACK_LINES = 12;

function describe(error) {
  if (!error || typeof error !== 'object') return String(error);
  const name = error.name ?? 'Error';
  const message = error.message ?? '';
  const stack = typeof error.stack === 'string' ? error.stack.split('\n').slice(1) : [];
  const origin = error.VITEST_TEST_PATH ?? error.testPath ?? null;
  return [
    `${name}: ${message}`,
    ...(origin ? [`  while running ${origin}`] : []),
    ...(error.type ? [`  kind: ${error.type}`] : []),
    ...stack.filter((line) => !line.includes('node_modules/vitest')).slice(0, STACK_LINES),
    ...(error.cause ? [`  cause: ${describe(error.cause)}`] : []),
  ].join('\n');
}

export default class UnhandledErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    if (!unhandledErrors?.length) return;
    const lines = [`[listloop] ${unhandledErrors.length} unhandled error(s) in this run:`];
    unhandledErrors.forEach((error, index) => lines.push(`(${index + 1}) ${describe(error)}`));
    process.stdout.write(`\n${lines.join('\n')}\n\n`);
  }
}
