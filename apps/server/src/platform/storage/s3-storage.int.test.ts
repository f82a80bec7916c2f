import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Emulator, type S3Emulator } from '../../../test/s3-emulator';
import { describeStorageContract } from '../../../test/storage-contract';
import { loadConfig } from '../config';
import { createStorage } from './create-storage';
import { S3Storage } from './s3-storage';
import { STORAGE_MESSAGES, StorageError } from './storage';

let emulator: S3Emulator;
let bucketCount = 0;
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(() => emulator.close());

/** Each test gets its own key space: the emulator's one bucket is cleared first. */
async function open() {
  bucketCount += 1;
  emulator.objects.clear();
  return new S3Storage({
    bucket: emulator.bucket,
    region: 'us-east-1',
    endpoint: emulator.endpoint,
    credentials: { accessKeyId: 'test', secretAccessKey: `test-secret-${bucketCount}` },
    forcePathStyle: true,
  });
}

/**
 * The real AWS SDK against a local emulator of the S3 REST API (no network). Not tried
 * against AWS itself or another S3-compatible service here.
 */
describeStorageContract('S3Storage', open);

describe('S3Storage requests', () => {
  it('sends prefix, delimiter, continuation token and max-keys to ListObjectsV2', async () => {
    const storage = await open();
    for (const key of ['l/a', 'l/b', 'l/c']) await storage.put(key, Buffer.from(key));
    emulator.requests.length = 0;
    const first = await storage.list({ prefix: 'l/', delimiter: '/', maxResults: 2 });
    await storage.list({ prefix: 'l/', pageToken: first.nextPageToken, maxResults: 2 });
    const lists = emulator.requests.filter((r) => r.includes('list-type=2'));
    expect(lists[0]).toMatch(/prefix=l%2F/);
    expect(lists[0]).toMatch(/delimiter=%2F/);
    expect(lists[0]).toMatch(/max-keys=2/);
    expect(lists[1]).toMatch(/continuation-token=/);
  });

  it('chooses S3 by configuration, and refuses S3 without a bucket (spec §8)', () => {
    const env = { STORAGE: 's3', S3_ENDPOINT: emulator.endpoint, S3_FORCE_PATH_STYLE: 'true' };
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
