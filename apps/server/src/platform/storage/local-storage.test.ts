import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeStorageContract, listAll } from '../../../test/storage-contract';
import { LocalStorage } from './local-storage';

const roots: string[] = [];
async function open() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'listloop-storage-'));
  roots.push(root);
  return new LocalStorage(root);
}
afterAll(async () => {
  await Promise.all(roots.map((root) => fs.rm(root, { recursive: true, force: true })));
});

describeStorageContract('LocalStorage', open);

describe('LocalStorage on disk', () => {
  it('keeps the content type beside the file, and never lists it or half-written files', async () => {
    const storage = await open();
    await storage.put('images/u/a.png', Buffer.from('png'), { contentType: 'image/png' });
    await fs.writeFile(path.join(roots.at(-1)!, 'images/u/b.png.1.2.partial'), 'half');
    const listed = await listAll(storage, { prefix: 'images/' });
    expect(listed.keys).toEqual(['images/u/a.png']);
    expect((await storage.stat('images/u/a.png'))?.contentType).toBe('image/png');
  });

  it('answers a page token past the last key with an empty page', async () => {
    const storage = await open();
    await storage.put('k/1', Buffer.from('1'));
    const page = await storage.list({ prefix: 'k/', pageToken: 'k/9' });
    expect(page).toEqual({ items: [], prefixes: [], nextPageToken: null });
  });
});
