// `npm start`: install what is missing, build the web app and the browser extension if they
// changed, then run the server.
// Plain Node with no dependencies: on a fresh clone it runs before anything is installed.
// Arguments are passed to the server: `npm start -- --role=worker`.
import { ensureInstall } from './ensure-install.mjs';
import { runServerAndExit } from './lib/server.mjs';
import { ensureWebBuild } from './lib/web-build.mjs';
import { ensureExtensionBuild } from './lib/extension-build.mjs';

try {
  await ensureInstall();
  await ensureWebBuild();
  await ensureExtensionBuild();
} catch (error) {
  console.error(error.message);
  process.exit(error.exitCode ?? 1);
}
runServerAndExit({ args: process.argv.slice(2) });
