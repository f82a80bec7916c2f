// Builds the web app (apps/web/dist) when its sources changed since the last build.
import { ensureViteBuild } from './vite-build.mjs';

/** Returns true when it built. */
export function ensureWebBuild({ force = false } = {}) {
  return ensureViteBuild({
    workspace: 'web',
    label: 'web app',
    inputs: ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'],
    builtFile: 'index.html',
    force,
  });
}
