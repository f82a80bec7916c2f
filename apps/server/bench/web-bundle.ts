import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type Add = (figure: { name: string; value: number; unit: string; target?: string }) => void;

const KB = 1024;

/**
 * The JavaScript a browser must fetch before the app starts: the entry module and the modules
 * index.html preloads, as built for production (the build is made first when its sources
 * changed). Measured raw and gzipped (level 6, what servers and CDNs commonly send); the
 * screens' own chunks load later, when they are opened.
 */
export function benchWebBundle(repoRoot: string, add: Add): void {
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/build-web.mjs')], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const dist = path.join(repoRoot, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const initial = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1]!);
  if (initial.length === 0) throw new Error('index.html names no JavaScript: is the build whole?');
  let raw = 0;
  let gzipped = 0;
  for (const file of new Set(initial)) {
    const bytes = fs.readFileSync(path.join(dist, file.replace(/^\//, '')));
    raw += bytes.length;
    gzipped += zlib.gzipSync(bytes, { level: 6 }).length;
  }
  add({
    name: `web app initial JavaScript, gzip (${initial.length} files)`,
    value: gzipped / KB,
    unit: 'KB',
  });
  add({ name: 'web app initial JavaScript, raw', value: raw / KB, unit: 'KB' });
}
