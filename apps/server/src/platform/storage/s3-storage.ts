import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import {
  assertListOptions,
  assertValidKey,
  StorageError,
  STORAGE_MESSAGES,
  type ListOptions,
  type ListResult,
  type Storage,
  type StoredObject,
} from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, B2, …); null for AWS itself. */
  endpoint: string | null;
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  forcePathStyle: boolean;
}

/** The part of S3Client we use, so a test can count the commands sent. */
export type S3Sender = Pick<S3Client, 'send'>;

/**
 * Whether S3 said the object is not there. A missing bucket is a 404 too (NoSuchBucket), but
 * it is a misconfiguration, not a missing file: it must fail loudly, not read as "no photo".
 */
function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchBucket') return false;
  return (
    error.name === 'NoSuchKey' ||
    error.name === 'NotFound' ||
    error.$metadata?.httpStatusCode === 404
  );
}

async function toBuffer(body: Buffer | Readable): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Files in one bucket of an S3-compatible store. Keys are the same relative paths as on local
 * disk; page tokens are S3's continuation tokens, opaque to callers.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly bucket: string;
  private readonly client: S3Sender;
  /** Settles once the bucket was seen to exist (see `stat`). */
  private bucketSeen: Promise<void> | null = null;

  constructor(options: S3StorageOptions, client?: S3Sender) {
    if (!options.bucket) {
      throw new StorageError('no-default-bucket', STORAGE_MESSAGES['no-default-bucket']);
    }
    this.bucket = options.bucket;
    this.client =
      client ??
      new S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        forcePathStyle: options.forcePathStyle,
        // Many S3-compatible services reject the SDK's newer default integrity headers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
  }

  async put(
    key: string,
    body: Buffer | Readable,
    options: { contentType?: string } = {},
  ): Promise<StoredObject> {
    assertValidKey(key);
    // S3 needs the length up front; images are at most a few tens of MB, so buffering is fine.
    const bytes = await toBuffer(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: bytes,
        ContentLength: bytes.length,
        ...(options.contentType ? { ContentType: options.contentType } : {}),
      }),
    );
    const stat = await this.stat(key);
    if (!stat) throw new StorageError('object-not-found', `The file ${key} was not written.`);
    return stat;
  }

  async read(key: string): Promise<Readable> {
    assertValidKey(key);
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      if (!result.Body) throw new StorageError('object-not-found', `No file at ${key}.`);
      const body = result.Body as unknown;
      if (body instanceof Readable) return body;
      if (body && typeof (body as WebReadableStream).getReader === 'function') {
        return Readable.fromWeb(body as WebReadableStream);
      }
      const bytes = await (
        body as { transformToByteArray(): Promise<Uint8Array> }
      ).transformToByteArray();
      return Readable.from([Buffer.from(bytes)]);
    } catch (error) {
      if (isNotFound(error)) throw new StorageError('object-not-found', `No file at ${key}.`);
      throw error;
    }
  }

  async readBuffer(key: string): Promise<Buffer> {
    return toBuffer(await this.read(key));
  }

  async stat(key: string): Promise<StoredObject | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? null,
        updatedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // A HEAD answer has no body, so S3 cannot say whether the key or the bucket is missing.
      await this.assertBucket();
      return null;
    }
  }

  /** Once per process: a missing bucket is an error naming it, never "no such file". */
  private assertBucket(): Promise<void> {
    this.bucketSeen ??= this.client.send(new HeadBucketCommand({ Bucket: this.bucket })).then(
      () => undefined,
      (error: unknown) => {
        this.bucketSeen = null;
        if (error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 404) {
          throw new Error(
            `The S3 bucket "${this.bucket}" does not exist (S3_BUCKET); create it, or correct the setting.`,
          );
        }
        throw error;
      },
    );
    return this.bucketSeen;
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async list(options: ListOptions = {}): Promise<ListResult> {
    assertListOptions(options);
    const result = await this.client.send(
      new ListObjectsV2Command({
        Bucket: this.bucket,
        ...(options.prefix ? { Prefix: options.prefix } : {}),
        ...(options.delimiter ? { Delimiter: options.delimiter } : {}),
        ...(options.pageToken ? { ContinuationToken: options.pageToken } : {}),
        MaxKeys: options.maxResults ?? 1000,
      }),
    );
    return {
      items: (result.Contents ?? []).flatMap((object) =>
        object.Key
          ? [
              {
                key: object.Key,
                size: object.Size ?? 0,
                contentType: null,
                updatedAt: object.LastModified ?? new Date(0),
              },
            ]
          : [],
      ),
      prefixes: (result.CommonPrefixes ?? []).flatMap((p) => (p.Prefix ? [p.Prefix] : [])),
      nextPageToken: result.IsTruncated ? (result.NextContinuationToken ?? null) : null,
    };
  }
}
