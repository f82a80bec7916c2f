import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertListOptions,
  assertValidKey,
  StorageError,
  type ListOptions,
  type ListResult,
  type Storage,
  type StoredObject,
} from './storage';

/**
 * Files on local disk under one root folder. Writes go to a temporary file first and are
 * renamed into place, so a crash never leaves half a file under its real name.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;

  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) {
      throw new StorageError('invalid-argument', 'A storage path must stay inside the store.');
    }
    return full;
  }

  async put(
    key: string,
    body: Buffer | Readable,
    options: { contentType?: string } = {},
  ): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.partial`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(temporary),
      );
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    if (options.contentType)
      await fs.writeFile(
        `${target}.meta.json`,
        JSON.stringify({ contentType: options.contentType }),
      );
    const stat = await this.stat(key);
    if (!stat) throw new StorageError('object-not-found', `The file ${key} was not written.`);
    return stat;
  }

  async read(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      await fs.access(file);
    } catch {
      throw new StorageError('object-not-found', `No file at ${key}.`);
    }
    return createReadStream(file);
  }

  async readBuffer(key: string): Promise<Buffer> {
    try {
      return await fs.readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new StorageError('object-not-found', `No file at ${key}.`);
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    try {
      const info = await fs.stat(file);
      if (!info.isFile()) return null;
      const meta = await fs.readFile(`${file}.meta.json`, 'utf8').then(
        (t) => JSON.parse(t) as { contentType?: string },
        () => ({}) as { contentType?: string },
      );
      return { key, size: info.size, contentType: meta.contentType ?? null, updatedAt: info.mtime };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await fs.rm(file, { force: true });
    await fs.rm(`${file}.meta.json`, { force: true });
  }

  /** Keys in lexical order; the page token is the last key of the previous page. */
  async list(options: ListOptions = {}): Promise<ListResult> {
    assertListOptions(options);
    const prefix = options.prefix ?? '';
    const all = (await this.walk(this.root))
      .map((file) => path.relative(this.root, file).split(path.sep).join('/'))
      .filter(
        (key) => key.startsWith(prefix) && !key.endsWith('.meta.json') && !key.endsWith('.partial'),
      )
      .sort();
    const prefixes = new Set<string>();
    const keys: string[] = [];
    for (const key of all) {
      if (options.delimiter) {
        const rest = key.slice(prefix.length);
        const cut = rest.indexOf(options.delimiter);
        if (cut >= 0) {
          prefixes.add(prefix + rest.slice(0, cut + options.delimiter.length));
          continue;
        }
      }
      keys.push(key);
    }
    const start = options.pageToken ? keys.findIndex((k) => k > options.pageToken!) : 0;
    const max = options.maxResults ?? 1000;
    const page = start < 0 ? [] : keys.slice(start, start + max);
    const items = (await Promise.all(page.map((key) => this.stat(key)))).filter(
      (o): o is StoredObject => o !== null,
    );
    const more = start >= 0 && start + max < keys.length;
    return {
      items,
      prefixes: [...prefixes].sort(),
      nextPageToken: more ? (page.at(-1) ?? null) : null,
    };
  }

  private async walk(dir: string): Promise<string[]> {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch {
      return [];
    }
    const nested = await Promise.all(
      entries.map((entry) =>
        entry.isDirectory()
          ? this.walk(path.join(dir, entry.name))
          : Promise.resolve([path.join(dir, entry.name)]),
      ),
    );
    return nested.flat();
  }
}
