import type { S3ServiceException } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { describeStorageContract, listAll } from '../../../test/storage-contract';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { S3Storage } from './s3-storage';
import { STORAGE_MESSAGES, StorageError } from './storage';

let s3: S3Server;
let bucketCount = 0;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

function storageOn(
  bucket: string,
  credentials: { accessKeyId: string; secretAccessKey: string } = s3.credentials,
) {
  return new S3Storage({
    bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials,
    forcePathStyle: true,
  });
}

/** Each test its own key space: a new bucket. */
async function open() {
  bucketCount += 1;
  const bucket = `t${bucketCount}`;
  await s3.createBucket(bucket);
  return storageOn(bucket);
}

/**
 * The real AWS SDK against s3rver, a server of the S3 REST API from npm, on loopback. Not tried
 * against AWS itself here; s3rver does not check SigV4 signatures, only the access key id.
 */
describeStorageContract('S3Storage', open);

describe('S3Storage against s3rver', () => {
  it('sends prefix, delimiter, continuation token and max-keys to ListObjectsV2', async () => {
    const storage = await open();
    for (const key of ['l/a', 'l/b', 'l/c']) await storage.put(key, Buffer.from(key));
    await s3.settled();
    s3.requests.length = 0;
    const first = await storage.list({ prefix: 'l/', delimiter: '/', maxResults: 2 });
    await storage.list({ prefix: 'l/', pageToken: first.nextPageToken, maxResults: 2 });
    await s3.settled();
    const lists = s3.requests.filter((r) => r.includes('list-type=2'));
    expect(lists).toHaveLength(2);
    expect(lists[0]).toMatch(/prefix=l%2F/);
    expect(lists[0]).toMatch(/delimiter=%2F/);
    expect(lists[0]).toMatch(/max-keys=2/);
    expect(lists[1]).toMatch(/continuation-token=/);
  });

  it('keeps keys with spaces, plus signs, percent signs and accents as they are', async () => {
    const storage = await open();
    const key = 'images/u 1/a+b%20c é&x=1.jpeg';
    await storage.put(key, Buffer.from('odd'), { contentType: 'image/jpeg' });
    expect(await storage.stat(key)).toMatchObject({ key, size: 3, contentType: 'image/jpeg' });
    expect((await storage.readBuffer(key)).toString()).toBe('odd');
    expect((await listAll(storage, { prefix: 'images/u 1/' })).keys).toEqual([key]);
    await storage.delete(key);
    expect(await storage.stat(key)).toBeNull();
  });

  it('streams an 8 MB photo back byte for byte', async () => {
    const storage = await open();
    const bytes = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = i % 251;
    await storage.put('big/photo.jpeg', bytes);
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read('big/photo.jpeg')) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('says a missing bucket is missing, never that a file is not found', async () => {
    const storage = storageOn('no-such-bucket');
    // HEAD answers carry no error code: the store asks about the bucket itself.
    await expect(storage.stat('images/u/a.jpeg')).rejects.toThrow(
      'The S3 bucket "no-such-bucket" does not exist',
    );
    for (const attempt of [
      () => storage.read('images/u/a.jpeg'),
      () => storage.put('images/u/a.jpeg', Buffer.from('x')),
      () => storage.list({ prefix: 'images/' }),
    ]) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).not.toBeInstanceOf(StorageError);
      expect((error as S3ServiceException).name).toBe('NoSuchBucket');
    }
  });

  it('refuses an access key the store does not know', async () => {
    const storage = storageOn(s3.bucket, { accessKeyId: 'WRONG', secretAccessKey: 'x' });
    await expect(storage.put('k/1', Buffer.from('1'))).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
  });

  it('chooses S3 by configuration, and refuses S3 without a bucket (spec §8)', () => {
    const env = { STORAGE: 's3', S3_ENDPOINT: s3.endpoint, S3_FORCE_PATH_STYLE: 'true' };
    expect(() => loadConfig(env, [])).toThrow(STORAGE_MESSAGES['no-default-bucket']);
    expect(() => loadConfig({ ...env, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' }, [])).toThrow(
      'S3_SECRET_ACCESS_KEY',
    );
    const config = loadConfig({ ...env, S3_BUCKET: 'b' }, []);
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'b', forcePathStyle: true });
    expect(createStorage(config).kind).toBe('s3');
    expect(createStorage(loadConfig({}, [])).kind).toBe('local');
    expect(
      () =>
        new S3Storage({
          bucket: '',
          region: 'us-east-1',
          endpoint: null,
          credentials: null,
          forcePathStyle: false,
        }),
    ).toThrow(StorageError);
  });
});
