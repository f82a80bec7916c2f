// `node scripts/build-web.mjs [--force]`: builds apps/web/dist if its sources changed.
import { ensureWebBuild } from './lib/web-build.mjs';
import { log } from './lib/util.mjs';

ensureWebBuild({ force: process.argv.includes('--force') }).then(
  (built) => {
    if (!built) log('The web app build is up to date.');
  },
  (error) => {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  },
);
