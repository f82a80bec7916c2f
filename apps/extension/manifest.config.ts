import { defineManifest } from '@crxjs/vite-plugin';
// By path, not by package name: Vite loads this config with Node, which cannot run the domain
// package's TypeScript from node_modules; the bundled config inlines this file instead.
import { EXTENSION_PUBLIC_KEY } from '../../packages/domain/src/executors/extension.ts';
import pkg from './package.json' with { type: 'json' };

/**
 * The developer build talks to a server on this machine. The server rewrites the origins below
 * to its own public address when it offers the packed extension for download.
 */
const DEVELOPER_ORIGINS = ['http://localhost/*', 'http://127.0.0.1/*'];

export default defineManifest({
  manifest_version: 3,
  name: 'ListLoop',
  description: 'Pairs this browser with your ListLoop server.',
  version: pkg.version,
  // The public key fixes the extension's id, so the web app can address it (decision 0039).
  key: EXTENSION_PUBLIC_KEY,
  // Only what this slice uses: its pairing in storage, and the periodic check that it still holds.
  permissions: ['storage', 'alarms'],
  host_permissions: DEVELOPER_ORIGINS,
  externally_connectable: { matches: DEVELOPER_ORIGINS },
  background: { service_worker: 'src/background.ts', type: 'module' },
  action: {
    default_popup: 'src/popup.html',
    default_title: 'ListLoop',
    default_icon: {
      16: 'icons/icon-16.png',
      32: 'icons/icon-32.png',
      48: 'icons/icon-48.png',
      128: 'icons/icon-128.png',
    },
  },
  icons: {
    16: 'icons/icon-16.png',
    32: 'icons/icon-32.png',
    48: 'icons/icon-48.png',
    128: 'icons/icon-128.png',
  },
});
