import fs from 'node:fs';
import path from 'node:path';
import { zipSync, type Zippable } from 'fflate';

/** The origins the developer build of the extension trusts (apps/extension/manifest.config.ts). */
export const DEVELOPER_ORIGIN_PATTERNS = ['http://localhost/*', 'http://127.0.0.1/*'];

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1']);

/** Files the build leaves beside the extension that are not part of it. */
const NOT_PACKED = new Set(['.listloop-build-stamp']);

/**
 * The match patterns for a server at `publicUrl`: its own origin (match patterns cover every
 * port), or the developer build's loopback patterns when the server runs on this machine.
 */
export function originPatterns(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (LOOPBACK_HOSTS.has(url.hostname)) return DEVELOPER_ORIGIN_PATTERNS;
  return [`${url.protocol}//${url.hostname}/*`];
}

/**
 * The built manifest with the developer build's loopback origins made this server's: the
 * extension then reaches this server (and the marketplaces' sites it already names, which stay),
 * and only this server's pages may message it.
 */
export function rewriteManifest(
  manifest: Record<string, unknown>,
  publicUrl: string,
): Record<string, unknown> {
  const patterns = originPatterns(publicUrl);
  const connectable =
    manifest.externally_connectable && typeof manifest.externally_connectable === 'object'
      ? manifest.externally_connectable
      : {};
  const hosts = Array.isArray(manifest.host_permissions)
    ? (manifest.host_permissions as unknown[]).filter(
        (p): p is string => typeof p === 'string' && !DEVELOPER_ORIGIN_PATTERNS.includes(p),
      )
    : [];
  return {
    ...manifest,
    host_permissions: [...patterns, ...hosts.filter((p) => !patterns.includes(p))],
    externally_connectable: { ...connectable, matches: patterns },
  };
}

/**
 * Zips the built extension in `distDir` with its manifest rewritten for `publicUrl`, or returns
 * null when there is no build there.
 */
export function packExtension(distDir: string, publicUrl: string): Uint8Array | null {
  const manifestFile = path.join(distDir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  const files: Zippable = {};
  for (const relative of listFiles(distDir)) {
    if (relative === 'manifest.json') continue;
    files[relative] = fs.readFileSync(path.join(distDir, relative));
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  files['manifest.json'] = new TextEncoder().encode(
    `${JSON.stringify(rewriteManifest(manifest, publicUrl), null, 2)}\n`,
  );
  // A fixed date keeps the zip the same for the same build.
  return zipSync(files, { level: 9, mtime: new Date('2020-01-01T00:00:00Z') });
}

/** Every file under `dir`, as zip paths (forward slashes), in a stable order. */
function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .filter((entry) => !NOT_PACKED.has(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return listFiles(dir, relative);
      return entry.isFile() ? [relative] : [];
    });
}
