import type { Readable } from 'node:stream';

/** Spec §5/§8 storage errors, by code. */
export type StorageErrorCode =
  'invalid-argument' | 'object-not-found' | 'no-download-url' | 'no-default-bucket';

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export const STORAGE_MESSAGES = {
  'no-download-url': 'The given file does not have any download URLs.',
  'no-default-bucket':
    "No default bucket found. Did you set the 'storageBucket' property when initializing the app?",
} as const;

export interface StoredObject {
  key: string;
  size: number;
  contentType: string | null;
  updatedAt: Date;
}

export interface ListOptions {
  prefix?: string;
  /** With '/', keys below a sub-folder are rolled up into `prefixes`. */
  delimiter?: string;
  pageToken?: string | null;
  /** Spec §5: between 1 and 1000. */
  maxResults?: number;
}

export interface ListResult {
  items: StoredObject[];
  prefixes: string[];
  nextPageToken: string | null;
}

/**
 * Where files live: local disk by default (under DATA_DIR), an S3-compatible store when
 * configured. Keys are plain relative paths such as images/{userID}/{id}.jpeg; the root
 * itself is never a valid key.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(
    key: string,
    body: Buffer | Readable,
    options?: { contentType?: string },
  ): Promise<StoredObject>;
  /** The object's bytes as a stream; StorageError 'object-not-found' when absent. */
  read(key: string): Promise<Readable>;
  readBuffer(key: string): Promise<Buffer>;
  stat(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  list(options?: ListOptions): Promise<ListResult>;
}

/** Spec §5: root references and URLs are not keys. */
export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key.trim() === '' || key === '/' || key.startsWith('/')) {
    throw new StorageError('invalid-argument', 'A storage path must name a file, not the root.');
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(key)) {
    throw new StorageError('invalid-argument', 'A storage path must be a path, not a URL.');
  }
  if (
    key.split('/').some((part) => part === '..' || part === '.' || part === '') ||
    key.includes('\0')
  ) {
    throw new StorageError(
      'invalid-argument',
      'A storage path must not contain empty, "." or ".." parts.',
    );
  }
}

export function assertListOptions(options: ListOptions): void {
  const max = options.maxResults;
  if (max !== undefined && (!Number.isInteger(max) || max < 1 || max > 1000)) {
    throw new StorageError('invalid-argument', 'maxResults must be between 1 and 1000.');
  }
}
