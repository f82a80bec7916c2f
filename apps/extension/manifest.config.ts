import { defineManifest } from '@crxjs/vite-plugin';
// By path, not by package name: Vite loads this config with Node, which cannot run the domain
// package's TypeScript from node_modules; the bundled config inlines this file instead.
import { EXTENSION_PUBLIC_KEY } from '../../packages/domain/src/executors/extension.ts';
import pkg from './package.json' with { type: 'json' };
import { SITES } from './src/adapters/sites.ts';

/**
 * The developer build talks to a server on this machine. The server rewrites the origins below
 * to its own public address when it offers the packed extension for download.
 */
const DEVELOPER_ORIGINS = ['http://localhost/*', 'http://127.0.0.1/*'];

export default defineManifest({
  manifest_version: 3,
  name: 'ListLoop',
  description:
    'Lists, delists and detects sales on marketplaces without a seller API, in your own browser, for your ListLoop account.',
  version: pkg.version,
  // The public key fixes the extension's id, so the web app can address it (decision 0039).
  key: EXTENSION_PUBLIC_KEY,
  // Its state in storage, and alarms that wake a suspended worker. No `cookies`, no `tabs`:
  // the work tabs are its own, and the marketplaces' sessions stay the browser's.
  permissions: ['storage', 'alarms'],
  // The ListLoop server, and the marketplaces' own sites, where the content scripts run.
  host_permissions: [...DEVELOPER_ORIGINS, ...SITES.flatMap(({ site }) => site.matches)],
  externally_connectable: { matches: DEVELOPER_ORIGINS },
  background: { service_worker: 'src/background.ts', type: 'module' },
  content_scripts: SITES.map(({ marketplace, site }) => ({
    matches: [...site.matches],
    js: [`src/content/${marketplace}.ts`],
    run_at: 'document_idle' as const,
  })),
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
