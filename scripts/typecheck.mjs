// `npm run typecheck`: every TypeScript project, two (or as many as there are cores) at a time.
import { binScript, isMain } from './lib/util.mjs';
import { runParallel, typecheckTasks } from './lib/parallel.mjs';

export async function typecheck() {
  const results = await runParallel(typecheckTasks(binScript));
  return results.some((result) => result.code !== 0) ? 1 : 0;
}

if (isMain(import.meta.url)) process.exit(await typecheck());
