// `node scripts/build-extension.mjs [--force]`: builds apps/extension/dist if its sources changed.
import { ensureExtensionBuild } from './lib/extension-build.mjs';
import { log } from './lib/util.mjs';

ensureExtensionBuild({ force: process.argv.includes('--force') }).then(
  (built) => {
    if (!built) log('The browser extension build is up to date.');
  },
  (error) => {
    console.error(error.message);
    process.exit(error.exitCode ?? 1);
  },
);
