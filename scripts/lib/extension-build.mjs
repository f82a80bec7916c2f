// Builds the browser extension (apps/extension/dist) when its sources changed since the last
// build. The server packs that folder into /extension/listloop.zip.
import { ensureViteBuild } from './vite-build.mjs';

/** Returns true when it built. */
export function ensureExtensionBuild({ force = false } = {}) {
  return ensureViteBuild({
    workspace: 'extension',
    label: 'browser extension',
    inputs: [
      'src',
      'public',
      'manifest.config.ts',
      'vite.config.ts',
      'tsconfig.json',
      'package.json',
    ],
    builtFile: 'manifest.json',
    force,
  });
}
