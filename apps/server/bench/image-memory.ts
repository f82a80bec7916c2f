/**
 * `node --import tsx apps/server/bench/image-memory.ts`: the server's resident memory while six
 * pictures are uploaded over tus and rendered at once, on PGlite in a scratch DATA_DIR. Two
 * sets: six 10000 × 10000 single-colour PNGs of a few hundred KB (the decompression bomb), and
 * six 48 MP photos (8000 × 6000 JPEGs, the largest a phone takes). The pictures are made in a
 * child process first, so their making is not counted. IMAGE_MEMORY_SETS=bombs or photos runs
 * one set alone. Not a test: it prints the figures.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createAccount, signIn } from '../test/fixtures';
import { tusUpload } from '../test/images';
import { startTestServer } from '../test/server';

const MB = 1024 * 1024;
const COUNT = 6;

/** Makes the pictures in another process and answers their files. */
function makePictures(directory: string): { bombs: string[]; photos: string[] } {
  const script = `
    const sharp = require('sharp');
    (async () => {
      await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#2a6' } })
        .png({ compressionLevel: 9 }).toFile(${JSON.stringify(path.join(directory, 'bomb.png'))});
      await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#8a5',
          noise: { type: 'gaussian', mean: 128, sigma: 12 } } })
        .jpeg({ quality: 70 }).toFile(${JSON.stringify(path.join(directory, 'photo.jpeg'))});
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const made = spawnSync(process.execPath, ['-e', script], {
    cwd: path.join(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (made.status !== 0) throw new Error('could not make the pictures');
  return {
    bombs: Array.from({ length: COUNT }, () => path.join(directory, 'bomb.png')),
    photos: Array.from({ length: COUNT }, () => path.join(directory, 'photo.jpeg')),
  };
}

const rss = () => process.memoryUsage().rss;

async function main() {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-image-memory-'));
  const pictures = makePictures(scratch);
  const server = await startTestServer({
    env: { LOGIN_MAX_PER_IP: '1000' },
    database: { kind: 'pglite' },
  });
  try {
    const account = await createAccount(server);
    const client = await signIn(server, account);
    let peak = rss();
    const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);

    async function uploadAndRender(file: string, type: string) {
      const bytes = await fs.readFile(file);
      const { imageId, last } = await tusUpload(client, bytes, {
        filetype: type,
        chunkSize: bytes.length,
      });
      if (!imageId) return { status: last.status, size: bytes.length };
      const record = await client.get(`/api/uploads/images/${imageId}`);
      const { url, url_l } = record.body.image as { url: string; url_l: string };
      const renders = await Promise.all([
        client.request('GET', url),
        client.request('GET', `${url_l}?width=1200`),
        client.request('GET', `${url}?width=800`),
      ]);
      return { status: renders.map((r) => r.status).join('/'), size: bytes.length };
    }

    const figures: Record<string, string> = {};
    // IMAGE_MEMORY_SETS=bombs or =photos measures one set alone, on a fresh process.
    const only = process.env.IMAGE_MEMORY_SETS;
    const sets = (
      [
        ['bombs', 'six 10000x10000 PNGs', pictures.bombs, 'image/png'],
        ['photos', 'six 8000x6000 (48 MP) JPEGs', pictures.photos, 'image/jpeg'],
      ] as const
    ).filter(([key]) => !only || key === only);
    for (const [, name, files, type] of sets) {
      const before = rss();
      peak = before;
      const results = await Promise.all(files.map((file) => uploadAndRender(file, type)));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = rss();
      figures[name] =
        `file ${(results[0]!.size / MB).toFixed(2)} MB, answers ${results.map((r) => r.status).join(', ')}; ` +
        `RSS before ${(before / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB, after ${(after / MB).toFixed(0)} MB`;
    }
    clearInterval(sampler);
    for (const [name, text] of Object.entries(figures)) console.log(`${name}: ${text}`);
  } finally {
    await server.close();
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

await main();
