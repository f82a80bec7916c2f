import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { StorageError, type ListOptions, type Storage } from '../src/platform/storage/storage';

async function expectStorageError(promise: Promise<unknown>, code: StorageError['code']) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StorageError);
  expect((error as StorageError).code).toBe(code);
}

/** Follows page tokens until none is left (spec §7), as the storage client does. */
export async function listAll(storage: Storage, options: Omit<ListOptions, 'pageToken'>) {
  const keys: string[] = [];
  const prefixes = new Set<string>();
  const pageSizes: number[] = [];
  let pageToken: string | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await storage.list({ ...options, pageToken });
    pageSizes.push(page.items.length);
    keys.push(...page.items.map((item) => item.key));
    for (const prefix of page.prefixes) prefixes.add(prefix);
    if (!page.nextPageToken) break;
    pageToken = page.nextPageToken;
  }
  return { keys, prefixes: [...prefixes].sort(), pageSizes };
}

/** What every Storage must do, local disk and S3 alike (spec §5, §7, §8). */
export function describeStorageContract(name: string, open: () => Promise<Storage>) {
  describe(`${name}: the storage contract`, () => {
    it('writes, reads, describes and deletes a file', async () => {
      const storage = await open();
      const stored = await storage.put('images/u1/a.jpeg', Buffer.from('jpeg bytes'), {
        contentType: 'image/jpeg',
      });
      expect(stored).toMatchObject({
        key: 'images/u1/a.jpeg',
        size: 10,
        contentType: 'image/jpeg',
      });
      expect(stored.updatedAt).toBeInstanceOf(Date);
      expect((await storage.readBuffer('images/u1/a.jpeg')).toString()).toBe('jpeg bytes');
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.read('images/u1/a.jpeg')) chunks.push(chunk);
      expect(Buffer.concat(chunks).toString()).toBe('jpeg bytes');

      await storage.put('images/u1/b.png', Readable.from([Buffer.from('pn'), Buffer.from('g')]));
      expect((await storage.stat('images/u1/b.png'))?.size).toBe(3);

      await storage.delete('images/u1/a.jpeg');
      expect(await storage.stat('images/u1/a.jpeg')).toBeNull();
      await expectStorageError(storage.read('images/u1/a.jpeg'), 'object-not-found');
      await expectStorageError(storage.readBuffer('images/u1/a.jpeg'), 'object-not-found');
    });

    it('refuses the root, absolute paths, URLs and dot segments (invalid-argument)', async () => {
      const storage = await open();
      for (const key of [
        '',
        '/',
        '/images/a.jpeg',
        'https://example.com/a.jpeg',
        'gs://bucket/a.jpeg',
        'images/../secret',
        'images/./a.jpeg',
        'images//a.jpeg',
        '..',
      ]) {
        await expectStorageError(storage.put(key, Buffer.from('x')), 'invalid-argument');
        await expectStorageError(storage.read(key), 'invalid-argument');
        await expectStorageError(storage.stat(key), 'invalid-argument');
        await expectStorageError(storage.delete(key), 'invalid-argument');
      }
    });

    it('lists by prefix, page by page, until no page token is left', async () => {
      const storage = await open();
      const keys = ['p/a1', 'p/a2', 'p/a3', 'p/a4', 'p/a5', 'q/other'];
      for (const key of keys) await storage.put(key, Buffer.from(key));

      const all = await listAll(storage, { prefix: 'p/', maxResults: 2 });
      expect(all.keys).toEqual(['p/a1', 'p/a2', 'p/a3', 'p/a4', 'p/a5']);
      expect(all.pageSizes).toEqual([2, 2, 1]);

      const one = await storage.list({ prefix: 'p/', maxResults: 1 });
      expect(one.items.map((i) => i.key)).toEqual(['p/a1']);
      expect(one.nextPageToken).toBeTruthy();

      const everything = await storage.list({ prefix: 'p/', maxResults: 1000 });
      expect(everything.items).toHaveLength(5);
      expect(everything.nextPageToken).toBeNull();
    });

    it('rolls keys below a folder into prefixes with a delimiter', async () => {
      const storage = await open();
      for (const key of ['d/top.jpeg', 'd/x/1.jpeg', 'd/x/2.jpeg', 'd/y/1.jpeg', 'e/1.jpeg']) {
        await storage.put(key, Buffer.from(key));
      }
      const listed = await listAll(storage, { prefix: 'd/', delimiter: '/', maxResults: 1 });
      expect(listed.keys).toEqual(['d/top.jpeg']);
      expect(listed.prefixes).toEqual(['d/x/', 'd/y/']);
    });

    it('takes maxResults from 1 to 1000 only (spec §5)', async () => {
      const storage = await open();
      for (const maxResults of [0, -1, 1001, 1.5, Number.NaN]) {
        await expectStorageError(storage.list({ maxResults }), 'invalid-argument');
      }
      await expect(storage.list({ maxResults: 1 })).resolves.toBeTruthy();
      await expect(storage.list({ maxResults: 1000 })).resolves.toBeTruthy();
    });
  });
}
