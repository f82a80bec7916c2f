import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Rendered images on local disk (DATA_DIR/cache/images), named by the hash of what went into
 * them, so a file once written is right forever and is simply reused. Nothing is evicted yet.
 */
export class ImageCache {
  constructor(readonly directory: string) {}

  fileOf(hash: string, extension: string): string {
    return path.join(this.directory, hash.slice(0, 2), `${hash}.${extension}`);
  }

  async find(hash: string, extension: string): Promise<{ file: string; size: number } | null> {
    const file = this.fileOf(hash, extension);
    try {
      const info = await fs.stat(file);
      return info.isFile() ? { file, size: info.size } : null;
    } catch {
      return null;
    }
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async store(hash: string, extension: string, bytes: Buffer): Promise<void> {
    const file = this.fileOf(hash, extension);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.partial`;
    try {
      await fs.writeFile(temporary, bytes);
      await fs.rename(temporary, file);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }
}
