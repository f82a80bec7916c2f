import path from 'node:path';
import type { Config } from '../config';
import { LocalStorage } from './local-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured store: local disk under DATA_DIR/files by default, S3 when STORAGE=s3. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  if (config.storage.kind === 's3') return new S3Storage(config.storage);
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
