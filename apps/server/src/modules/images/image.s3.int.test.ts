import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createPostgresDatabase, testDatabaseKind } from '../../../test/database';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { getBytes, makeJpeg, tusUpload } from '../../../test/images';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { startTestServer, type TestServer } from '../../../test/server';
import { listAll } from '../../../test/storage-contract';
import { waitFor } from '../../../test/wait';
import { S3Storage } from '../../platform/storage/s3-storage';
import { derivativeKeys } from './image.keys';
import { imageSigningKey, ImageUrlSigner } from './image.signing';

const AUTH_SECRET = crypto.randomBytes(32).toString('base64url');

/** The bucket as an operator sees it, through its own client. */
function bucketOf(s3: S3Server): S3Storage {
  return new S3Storage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    credentials: s3.credentials,
    forcePathStyle: true,
  });
}

/** A photo uploaded over tus, once its derivatives job has run (in whichever process works). */
async function uploadPhoto(client: TestClient, bytes: Buffer): Promise<StoredImage> {
  const { imageId } = await tusUpload(client, bytes);
  expect(imageId).toBeTruthy();
  const ready = await waitFor(
    () => client.get(`/api/uploads/images/${imageId}`),
    (answer) => answer.body?.status !== 'processing',
    20_000,
  );
  expect(ready.body.status, ready.text).toBe('ready');
  return ready.body as StoredImage;
}

/** GET with no session, as a marketplace fetches a signed address (its path, on `server`). */
async function anonymous(server: TestServer, url: string) {
  const parsed = new URL(url);
  const answer = await getBytes(`${server.baseUrl}${parsed.pathname}${parsed.search}`);
  return { ...answer, text: answer.bytes.toString('utf8') };
}

function bytesOf(client: TestClient, path: string) {
  return getBytes(client.baseUrl + path, { cookie: client.cookieHeader });
}

describe('photos on S3 (s3rver on loopback)', () => {
  let s3: S3Server;
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    s3 = await startS3Server();
    server = await startTestServer({ env: { ...s3.env(), AUTH_SECRET } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it('stores an upload and its derivatives in the bucket, serves them, and signs addresses that fetch the stored bytes', async () => {
    const photo = await uploadPhoto(owner, await makeJpeg({ width: 2000, height: 1000 }));
    const imageId = photo.image.id;
    const bucket = bucketOf(s3);
    const original = photo.image.url.replace('/api/images/', '');
    const { largeKey, smallKey } = derivativeKeys(original);
    expect([photo.image._l, photo.image._s]).toEqual([largeKey, smallKey]);
    expect((await listAll(bucket, { prefix: `images/${account.userId}/` })).keys).toEqual([
      original,
      largeKey,
      smallKey,
    ]);
    expect(await bucket.stat(largeKey)).toMatchObject({ contentType: 'image/jpeg' });

    // The member's addresses: derivatives as stored, the original re-encoded (no EXIF).
    const large = await bytesOf(owner, photo.image.url_l);
    expect(large.status).toBe(200);
    expect(large.bytes.equals(await bucket.readBuffer(largeKey))).toBe(true);
    const small = await bytesOf(owner, photo.image.url_s);
    expect(small.bytes.equals(await bucket.readBuffer(smallKey))).toBe(true);
    expect((await bytesOf(owner, photo.image.url)).status).toBe(200);

    // A signed address, fetched with no session: the bytes in the bucket.
    const signed = server.container.imageUrls.sign(imageId, 'large');
    const fetched = await anonymous(server, signed);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes.equals(await bucket.readBuffer(largeKey))).toBe(true);

    const tampered = signed.replace(/sig=([A-Za-z0-9_-])/, (_, c: string) =>
      c === 'A' ? 'sig=B' : 'sig=A',
    );
    expect(await anonymous(server, tampered)).toMatchObject({ status: 403 });
    const otherVariant = signed.replace('/large?', '/small?');
    expect(await anonymous(server, otherVariant)).toMatchObject({ status: 403 });
    const monthAgo = new ImageUrlSigner(imageSigningKey(AUTH_SECRET), server.baseUrl, {
      now: () => Date.now() - 30 * 86_400_000,
    });
    const expired = await anonymous(server, monthAgo.sign(imageId, 'large'));
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('expired');
  });
});

describe('two API servers on one Postgres database and one bucket', () => {
  it('serves from one server the photo uploaded through the other, its derivatives made by the other', async (context) => {
    if (testDatabaseKind() !== 'postgres') {
      context.skip(
        'two processes cannot share one embedded PGlite database; this runs in integration-postgres (TEST_DATABASE_URL)',
      );
    }
    const s3 = await startS3Server();
    const database = await createPostgresDatabase();
    const env = { ...s3.env(), AUTH_SECRET, DATABASE_URL: database.url };
    const servers: TestServer[] = [];
    try {
      // Each its own container, pool, data directory and port, as two processes would have.
      // `uploads` takes uploads and works no jobs; `worker` also makes the derivatives.
      const uploads = await startTestServer({ env, database: { kind: 'configured' }, work: false });
      servers.push(uploads);
      const other = await startTestServer({ env, database: { kind: 'configured' } });
      servers.push(other);

      const account = await createAccount(uploads);
      const onUploads = await signIn(uploads, account);
      const photo = await uploadPhoto(onUploads, await makeJpeg({ width: 1800, height: 1200 }));
      const bucket = bucketOf(s3);

      // The session made on one server is good on the other: both read it from the database.
      const onOther = await signIn(other, account);
      const record = await onOther.get(`/api/uploads/images/${photo.image.id}`);
      expect(record.status).toBe(200);
      expect(record.body.status).toBe('ready');
      const { largeKey, smallKey } = derivativeKeys(photo.image.url.replace('/api/images/', ''));
      for (const [url, key] of [
        [photo.image.url_l, largeKey],
        [photo.image.url_s, smallKey],
      ] as const) {
        const served = await bytesOf(onOther, url);
        expect(served.status).toBe(200);
        expect(served.bytes.equals(await bucket.readBuffer(key))).toBe(true);
      }
      expect((await bytesOf(onOther, photo.image.url)).status).toBe(200);

      // An address signed by one is good on the other: both derive the key from AUTH_SECRET.
      const signed = uploads.container.imageUrls.sign(photo.image.id, 'small');
      const fetched = await anonymous(other, signed);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(await bucket.readBuffer(smallKey))).toBe(true);
    } finally {
      for (const server of servers.reverse()) await server.close();
      await database.drop();
      await s3.close();
    }
  });
});
