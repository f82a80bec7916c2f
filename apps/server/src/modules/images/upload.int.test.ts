import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredImageSchema } from '@listloop/domain';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import type { TestClient } from '../../../test/client';
import {
  makeJpeg,
  TUS,
  tusCreate,
  tusDelete,
  tusHead,
  tusPatch,
  tusUpload,
} from '../../../test/images';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { buildServerApp } from '../../routes';
import { UploadRepository } from './upload.repository';
import { STORED_TOO_LARGE, tooManyPixels } from './image.service';
import {
  UPLOAD_EXPIRES_AFTER_MS,
  UPLOAD_QUOTA,
  UPLOAD_QUOTA_EXCEEDED,
  UploadServer,
} from './upload.tus';
import { waitFor } from '../../../test/wait';

describe('photo uploads over tus 1.0', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;
  let photo: Buffer;

  const uploadsDir = () => path.join(server.container.config.dataDir, 'uploads');

  /** As if the upload had been started `age` ms ago: its file's date and its quota row. */
  const makeOld = async (uploadId: string, age: number) => {
    const info = path.join(uploadsDir(), `${uploadId}.json`);
    const stored = JSON.parse(await fs.readFile(info, 'utf8'));
    stored.creation_date = new Date(Date.now() - age).toISOString();
    await fs.writeFile(info, JSON.stringify(stored));
    await server.container.database.db.execute(
      sql`update image_uploads set expires_at = ${new Date(Date.now() - age + UPLOAD_EXPIRES_AFTER_MS).toISOString()}::timestamptz where id = ${uploadId}`,
    );
  };

  const purge = () =>
    server.container.jobs.purgeExpiredUploads.handler(
      {},
      { jobId: 'p', retryCount: 0, logger: pino({ level: 'silent' }) },
    );

  const uploadRows = async (uploadId: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          server,
          sql`select count(*)::int as n from image_uploads where id = ${uploadId}`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    client = await signIn(server, account);
    photo = await makeJpeg({ width: 2400, height: 1800, quality: 95 });
  });
  afterAll(() => server.close());

  it('describes itself to OPTIONS: version, extensions and the 25 MB limit', async () => {
    const response = await fetch(server.baseUrl + TUS, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('tus-version')).toBe('1.0.0');
    expect(response.headers.get('tus-max-size')).toBe(String(25 * 1024 * 1024));
    expect(response.headers.get('tus-extension')).toContain('creation');
    expect(response.headers.get('tus-extension')).toContain('termination');
  });

  it('takes a JPEG in chunks, pauses, reports the offset, resumes, and makes it an image', async () => {
    expect(photo.length).toBeGreaterThan(300_000);
    const created = await tusCreate(server.baseUrl, client, {
      length: photo.length,
      metadata: { filename: 'jacket.jpeg', filetype: 'image/jpeg' },
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9]{24}$/);
    const uploadId = location.split('/').pop()!;

    const third = Math.floor(photo.length / 3);
    const first = await tusPatch(server.baseUrl, client, location, 0, photo.subarray(0, third));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(third));
    expect(first.headers.get('upload-image-id')).toBeNull();

    // Paused: the client simply stopped sending. Resuming starts with HEAD.
    const head = await tusHead(server.baseUrl, client, location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(third));
    expect(head.headers.get('upload-length')).toBe(String(photo.length));
    expect(head.headers.get('cache-control')).toBe('no-store');

    // Bytes sent from the wrong offset are refused, and nothing is written.
    const wrong = await tusPatch(server.baseUrl, client, location, 5, photo.subarray(5, 100));
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ statusCode: 409, code: 'request/conflict' });
    expect((await tusHead(server.baseUrl, client, location)).headers.get('upload-offset')).toBe(
      String(third),
    );

    const offset = Number(head.headers.get('upload-offset'));
    const rest = await tusPatch(server.baseUrl, client, location, offset, photo.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(photo.length));
    const imageId = rest.headers.get('upload-image-id');
    expect(imageId).toBe(uploadId);
    expect(rest.headers.get('access-control-expose-headers')).toContain('Upload-Image-Id');

    const record = await client.get(`/api/uploads/images/${imageId}`);
    expect(record.status).toBe(200);
    const stored = StoredImageSchema.parse(record.body);
    expect(stored.image).toMatchObject({
      id: imageId,
      url: `/api/images/images/${account.userId}/${imageId}.jpeg`,
      url_l: `/api/images/images/${account.userId}/${imageId}_l.jpeg`,
      url_s: `/api/images/images/${account.userId}/${imageId}_s.jpeg`,
      _l: `images/${account.userId}/${imageId}_l.jpeg`,
      _s: `images/${account.userId}/${imageId}_s.jpeg`,
      version: 3,
      originalMaxDimension: 2400,
    });
    expect(stored).toMatchObject({ width: 2400, height: 1800 });

    const [row] = await queryRows<{ storage_key: string; byte_size: number; mime_type: string }>(
      server,
      sql`select storage_key, byte_size, mime_type from images where id = ${imageId}`,
    );
    expect(row).toEqual({
      storage_key: `images/${account.userId}/${imageId}.jpeg`,
      byte_size: photo.length,
      mime_type: 'image/jpeg',
    });
    const original = await server.container.storage.readBuffer(row!.storage_key);
    expect(original.equals(photo)).toBe(true);

    // The derivative job runs in the background.
    const ready = await waitFor(
      async () => (await client.get(`/api/uploads/images/${imageId}`)).body,
      (body) => body.status === 'ready',
    );
    expect(ready.failureReason).toBeNull();
    const large = await sharp(
      await server.container.storage.readBuffer(stored.image._l!),
    ).metadata();
    expect([large.width, large.height]).toEqual([1600, 1200]);
    const small = await sharp(
      await server.container.storage.readBuffer(stored.image._s!),
    ).metadata();
    expect([small.width, small.height]).toEqual([150, 150]);

    // The upload's own copy is gone once the image exists.
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(404);
  });

  it('takes a 5 MB photo in one PATCH (the 1 MB JSON body limit is not for uploads)', async () => {
    const big = await makeJpeg({ width: 4000, height: 3000, quality: 100 });
    expect(big.length).toBeGreaterThan(5_000_000);
    const { imageId, last } = await tusUpload(client, big, { chunkSize: big.length });
    expect(last.status).toBe(204);
    const record = await client.get(`/api/uploads/images/${imageId}`);
    expect(record.body).toMatchObject({ width: 4000, height: 3000 });
  });

  it('creates and finishes an upload in one request (creation-with-upload)', async () => {
    const small = await makeJpeg({ width: 300, height: 300 });
    const created = await tusCreate(server.baseUrl, client, {
      length: small.length,
      metadata: { filename: 'a.jpeg', filetype: 'image/jpeg' },
      body: small,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('upload-offset')).toBe(String(small.length));
    const imageId = created.headers.get('upload-image-id');
    expect(created.headers.get('location')).toBe(`${TUS}/${imageId}`);
    expect((await client.get(`/api/uploads/images/${imageId}`)).status).toBe(200);
  });

  it('resumes an upload on a restarted server: the bytes and their offset are on disk', async () => {
    const created = await tusCreate(server.baseUrl, client, {
      length: photo.length,
      metadata: { filename: 'restart.jpeg', filetype: 'image/jpeg' },
    });
    const location = created.headers.get('location')!;
    const half = Math.floor(photo.length / 2);
    expect(
      (await tusPatch(server.baseUrl, client, location, 0, photo.subarray(0, half))).status,
    ).toBe(204);

    // As after a restart: a new tus server with its own file store and (in-memory) locks,
    // over the same DATA_DIR. (PGlite serves one process, so the database side is shared.)
    const restarted = {
      ...server.container,
      uploads: new UploadServer(
        path.join(server.container.config.dataDir, 'uploads'),
        server.container.services.images,
        new UploadRepository(server.container.database.db),
        pino({ level: 'silent' }),
      ),
    };
    const { app } = await buildServerApp(restarted, { logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const head = await tusHead(baseUrl, client, location);
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe(String(half));
      const rest = await tusPatch(baseUrl, client, location, half, photo.subarray(half));
      expect(rest.status).toBe(204);
      const imageId = rest.headers.get('upload-image-id');
      expect(imageId).toBe(location.split('/').pop());
      const stored = await server.container.storage.readBuffer(
        `images/${account.userId}/${imageId}.jpeg`,
      );
      expect(stored.equals(photo)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('makes the image on the next HEAD when the server failed after the last byte arrived', async () => {
    const images = server.container.services.images;
    const storeUpload = images.storeUpload.bind(images);
    images.storeUpload = async () => {
      images.storeUpload = storeUpload;
      throw new Error('database went away');
    };
    const small = await makeJpeg({ width: 320, height: 240 });
    const { location, last } = await tusUpload(client, small);
    expect(last.status).toBe(500);
    expect(last.body).toMatchObject({ statusCode: 500, code: 'server/internal' });
    expect(last.text).not.toContain('database went away');

    // The client retries as tus clients do: HEAD finds every byte there, and the image is made.
    const head = await tusHead(server.baseUrl, client, location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(small.length));
    const imageId = head.headers.get('upload-image-id');
    expect(imageId).toBe(location.split('/').pop());
    expect((await client.get(`/api/uploads/images/${imageId}`)).body.width).toBe(320);
  });

  it('cancels an upload with DELETE', async () => {
    const created = await tusCreate(server.baseUrl, client, {
      length: 1000,
      metadata: { filename: 'x.jpeg', filetype: 'image/jpeg' },
    });
    const location = created.headers.get('location')!;
    expect((await tusDelete(server.baseUrl, client, location)).status).toBe(204);
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(404);
  });

  it('forgets unfinished uploads an hour old (the purge job every ten minutes)', async () => {
    expect(server.container.jobs.purgeExpiredUploads.cron).toBe('*/10 * * * *');
    const created = await tusCreate(server.baseUrl, client, {
      length: 1000,
      metadata: { filename: 'old.jpeg', filetype: 'image/jpeg' },
    });
    const location = created.headers.get('location')!;
    const uploadId = location.split('/').pop()!;
    const expires = new Date(created.headers.get('upload-expires')!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(55 * 60 * 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    await makeOld(uploadId, 61 * 60 * 1000);
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(410);

    await purge();
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(404);
    await expect(fs.stat(path.join(uploadsDir(), uploadId))).rejects.toThrow();
    expect(await uploadRows(uploadId)).toBe(0);
  });

  it('keeps an unfinished upload younger than an hour', async () => {
    const created = await tusCreate(server.baseUrl, client, {
      length: 1000,
      metadata: { filename: 'recent.jpeg', filetype: 'image/jpeg' },
    });
    const location = created.headers.get('location')!;
    await makeOld(location.split('/').pop()!, 50 * 60 * 1000);
    await purge();
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(200);
  });

  describe('quota of unfinished uploads per user', () => {
    it('refuses the 31st unfinished upload with 429, and takes one again once one is cancelled', async () => {
      const seller = await signIn(server, await createAccount(server));
      const locations: string[] = [];
      for (let n = 0; n < UPLOAD_QUOTA.count; n++) {
        const created = await tusCreate(server.baseUrl, seller, {
          length: 1000,
          metadata: { filename: `p${n}.jpeg`, filetype: 'image/jpeg' },
        });
        expect(created.status, created.text).toBe(201);
        locations.push(created.headers.get('location')!);
      }
      const refused = await tusCreate(server.baseUrl, seller, {
        length: 1000,
        metadata: { filename: 'one-more.jpeg', filetype: 'image/jpeg' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        statusCode: 429,
        code: 'request/too-many',
        message: UPLOAD_QUOTA_EXCEEDED,
      });
      // Another user is not held back by this one's uploads.
      const other = await tusCreate(server.baseUrl, client, {
        length: 1000,
        metadata: { filename: 'other.jpeg', filetype: 'image/jpeg' },
      });
      expect(other.status).toBe(201);

      expect((await tusDelete(server.baseUrl, seller, locations[0]!)).status).toBe(204);
      await waitFor(
        () => uploadRows(locations[0]!.split('/').pop()!),
        (rows) => rows === 0,
      );
      const again = await tusCreate(server.baseUrl, seller, {
        length: 1000,
        metadata: { filename: 'again.jpeg', filetype: 'image/jpeg' },
      });
      expect(again.status, again.text).toBe(201);
    });

    it('refuses an upload that would take the unfinished bytes over 300 MB', async () => {
      const seller = await signIn(server, await createAccount(server));
      const full = 25 * 1024 * 1024;
      for (let n = 0; n < UPLOAD_QUOTA.bytes / full; n++) {
        const created = await tusCreate(server.baseUrl, seller, {
          length: full,
          metadata: { filename: `big${n}.jpeg`, filetype: 'image/jpeg' },
        });
        expect(created.status, created.text).toBe(201);
      }
      const refused = await tusCreate(server.baseUrl, seller, {
        length: 1,
        metadata: { filename: 'tiny.jpeg', filetype: 'image/jpeg' },
      });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('request/too-many');
    });

    it('frees the places of finished uploads and of uploads the purge job removed', async () => {
      const account = await createAccount(server);
      const seller = await signIn(server, account);
      const small = await makeJpeg({ width: 120, height: 90 });
      const { imageId } = await tusUpload(seller, small);
      expect(imageId).not.toBeNull();
      expect(await uploadRows(imageId!)).toBe(0);

      const ids: string[] = [];
      for (let n = 0; n < UPLOAD_QUOTA.count; n++) {
        const created = await tusCreate(server.baseUrl, seller, {
          length: 1000,
          metadata: { filename: `p${n}.jpeg`, filetype: 'image/jpeg' },
        });
        expect(created.status).toBe(201);
        ids.push(created.headers.get('location')!.split('/').pop()!);
      }
      const full = await tusCreate(server.baseUrl, seller, {
        length: 1000,
        metadata: { filename: 'full.jpeg', filetype: 'image/jpeg' },
      });
      expect(full.status).toBe(429);
      for (const id of ids) await makeOld(id, 2 * 60 * 60 * 1000);
      await purge();
      for (const id of ids) {
        await expect(fs.stat(path.join(uploadsDir(), id))).rejects.toThrow();
      }
      const [left] = await queryRows<{ n: number }>(
        server,
        sql`select count(*)::int as n from image_uploads where user_id = ${account.userId}`,
      );
      expect(Number(left!.n)).toBe(0);
      const after = await tusCreate(server.baseUrl, seller, {
        length: 1000,
        metadata: { filename: 'after.jpeg', filetype: 'image/jpeg' },
      });
      expect(after.status, after.text).toBe(201);
    });
  });

  describe('pixel cap', () => {
    it('refuses a 10000 × 10000 PNG of a few hundred KB before decoding it, and keeps nothing', async () => {
      const bomb = await sharp({
        create: { width: 10_000, height: 10_000, channels: 3, background: '#2a6' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(1_000_000);
      const { location, last } = await tusUpload(client, bomb, {
        filetype: 'image/png',
        chunkSize: bomb.length,
      });
      expect(last.status).toBe(413);
      expect(last.body).toMatchObject({ statusCode: 413, code: 'request/invalid' });
      expect(last.body.message).toBe(tooManyPixels(10_000, 10_000));
      expect(last.body.message).toContain('up to 50 megapixels');
      const uploadId = location.split('/').pop()!;
      expect((await tusHead(server.baseUrl, client, location)).status).toBe(404);
      expect((await client.get(`/api/uploads/images/${uploadId}`)).status).toBe(404);
      expect(await uploadRows(uploadId)).toBe(0);
    }, 60_000);

    it('answers a stored picture over the cap with 422 and a reason, never by decoding it', async () => {
      const bomb = await sharp({
        create: { width: 9000, height: 9000, channels: 3, background: '#2a6' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const imageId = 'L'.repeat(24);
      const storageKey = `images/${account.userId}/${imageId}.png`;
      await server.container.storage.put(storageKey, bomb, { contentType: 'image/png' });
      await server.container.repositories.images.insertOnce({
        id: imageId,
        accountId: account.accountId,
        userId: account.userId,
        storageKey,
        mimeType: 'image/png',
        byteSize: bomb.length,
        width: 9000,
        height: 9000,
        originalMaxDimension: 9000,
        status: 'ready',
      });
      for (const key of [storageKey, `images/${account.userId}/${imageId}_l.jpeg`]) {
        const served = await client.get(`/api/images/${key}?width=300`);
        expect(served.status, key).toBe(422);
        expect(served.body).toMatchObject({ code: 'request/invalid', message: STORED_TOO_LARGE });
      }
    }, 60_000);
  });

  it("answers 'Undefined user uid' without a signed-in user (spec §5)", async () => {
    const created = await tusCreate(server.baseUrl, null, {
      length: 100,
      metadata: { filename: 'x.jpeg', filetype: 'image/jpeg' },
    });
    expect(created.status).toBe(401);
    expect(created.body).toMatchObject({
      statusCode: 401,
      code: 'auth/user-logged-out',
      message: 'Undefined user uid',
    });
    const created2 = await tusCreate(server.baseUrl, client, {
      length: 100,
      metadata: { filename: 'x.jpeg', filetype: 'image/jpeg' },
    });
    const location = created2.headers.get('location')!;
    const patch = await tusPatch(server.baseUrl, null, location, 0, Buffer.from('x'));
    expect(patch.status).toBe(401);
    expect(patch.body.message).toBe('Undefined user uid');
  });

  it('refuses a file type that is not a picture when the upload is created', async () => {
    const created = await tusCreate(server.baseUrl, client, {
      length: 100,
      metadata: { filename: 'notes.txt', filetype: 'text/plain' },
    });
    expect(created.status).toBe(415);
    expect(created.body).toMatchObject({ statusCode: 415, code: 'request/invalid' });
    expect(created.body.message).toContain('not a picture');
  });

  it('refuses bytes that are not a picture, whatever the upload claimed, and keeps nothing', async () => {
    const fake = Buffer.from('this is a text file pretending to be a JPEG '.repeat(20));
    const { location, last } = await tusUpload(client, fake, { filetype: 'image/jpeg' });
    expect(last.status).toBe(415);
    expect(last.body.message).toContain('not a picture');
    expect((await tusHead(server.baseUrl, client, location)).status).toBe(404);
    const imageId = location.split('/').pop()!;
    expect((await client.get(`/api/uploads/images/${imageId}`)).status).toBe(404);
  });

  it('refuses an upload over 25 MB, and speaks JSON for tus protocol errors', async () => {
    const tooBig = await tusCreate(server.baseUrl, client, {
      length: 25 * 1024 * 1024 + 1,
      metadata: { filename: 'big.jpeg', filetype: 'image/jpeg' },
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ statusCode: 413, code: 'request/invalid' });

    const noVersion = await client.request('POST', TUS, { headers: { 'Upload-Length': '10' } });
    expect(noVersion.status).toBe(412);
    expect(noVersion.body).toMatchObject({ statusCode: 412, code: 'request/invalid' });
    expect(noVersion.body.message).toMatch(/Tus-Resumable/);
  });

  it('needs a role that may edit items', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const viewerClient = await signIn(server, viewer);
    const created = await tusCreate(server.baseUrl, viewerClient, {
      length: 100,
      metadata: { filename: 'x.jpeg', filetype: 'image/jpeg' },
    });
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('auth/forbidden');
  });

  it('hides an upload from another account and from another member (404)', async () => {
    const otherAccount = await createAccount(server);
    const created = await tusCreate(server.baseUrl, client, {
      length: 1000,
      // A client cannot name the owner: the server writes it over whatever is sent.
      metadata: {
        filename: 'x.jpeg',
        filetype: 'image/jpeg',
        listloopAccountId: otherAccount.accountId,
        listloopUserId: otherAccount.userId,
      },
    });
    const location = created.headers.get('location')!;
    const other = await signIn(server, otherAccount);
    const teammate = await signIn(server, await addMember(server, account));
    for (const intruder of [other, teammate]) {
      expect((await tusHead(server.baseUrl, intruder, location)).status).toBe(404);
      const patch = await tusPatch(server.baseUrl, intruder, location, 0, Buffer.from('x'));
      expect(patch.status).toBe(404);
      expect(patch.body.code).toBe('request/not-found');
      expect((await tusDelete(server.baseUrl, intruder, location)).status).toBe(404);
    }
    expect((await tusHead(server.baseUrl, client, location)).headers.get('upload-offset')).toBe(
      '0',
    );
  });

  it('stores the photos of a seller outside the US under the eu/ prefix (spec §3)', async () => {
    const seller = await createAccount(server);
    await server.container.database.db.execute(
      sql`update user_details set country_code = 'UK' where user_id = ${seller.userId}`,
    );
    const sellerClient = await signIn(server, seller);
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#336699' },
    })
      .png()
      .toBuffer();
    const { imageId } = await tusUpload(sellerClient, png, { filetype: 'image/png' });
    const record = await sellerClient.get(`/api/uploads/images/${imageId}`);
    expect(record.body.image.url).toBe(`/api/images/eu/images/${seller.userId}/${imageId}.png`);
    expect(record.body.image._l).toBe(`eu/images/${seller.userId}/${imageId}_l.jpeg`);
  });
});
