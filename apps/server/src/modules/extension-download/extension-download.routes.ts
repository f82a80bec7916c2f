import fs from 'node:fs';
import path from 'node:path';
import { EXTENSION_DOWNLOAD_PATH } from '@listloop/domain';
import { access } from '../../platform/http/access';
import { notFound } from '../../platform/http/errors';
import type { App } from '../../platform/http/types';
import { packExtension } from './extension-package';

export const EXTENSION_NOT_BUILT = 'The browser extension has not been built on this server.';

/**
 * Offers the built browser extension as a zip, its manifest pointed at this server. Public: the
 * person installing it may not be signed in in that browser yet, and the zip holds no secret.
 */
export async function extensionDownloadRoutes(
  app: App,
  deps: { distDir: string; publicUrl: string },
) {
  // Packed once per build: the manifest's modification time tells a rebuild apart.
  let cached: { builtAt: number; zip: Buffer } | null = null;

  function currentZip(): Buffer | null {
    let builtAt: number;
    try {
      builtAt = fs.statSync(path.join(deps.distDir, 'manifest.json')).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.builtAt !== builtAt) {
      const zip = packExtension(deps.distDir, deps.publicUrl);
      if (zip === null) return null;
      cached = { builtAt, zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) };
    }
    return cached.zip;
  }

  app.get(
    EXTENSION_DOWNLOAD_PATH,
    {
      schema: { tags: ['extension'], summary: 'The browser extension, packed for this server' },
      config: { access: access.public },
    },
    async (_request, reply) => {
      const zip = currentZip();
      if (zip === null) throw notFound(EXTENSION_NOT_BUILT);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="listloop.zip"')
        .header('cache-control', 'no-cache')
        .send(zip);
    },
  );
}
