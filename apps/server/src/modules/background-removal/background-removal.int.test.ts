import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKGROUND_REMOVAL_API,
  BACKGROUND_REMOVAL_HEADERS,
  backgroundRemovalJobPath,
  type BackgroundRemovalJob,
  type StoredImage,
} from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { newId } from '../../platform/ids';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { waitFor } from '../../../test/wait';

const PHOTO = fileURLToPath(new URL('../../../test/fixtures/grace-hopper.jpg', import.meta.url));
const LIMIT = 3;
const logger = pino({ level: 'silent' });
/** A model run takes 10–20 s on a loaded two-core machine; its first also loads the model. */
const MODEL_WAIT_MS = 150_000;

/** The alpha channel of a PNG, and its size. */
async function alphaOf(png: Buffer) {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .extractChannel(3)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => data[y * info.width + x]!;
  return { at, width: info.width, height: info.height };
}

/** The mean colour of a square of a picture, `size` pixels wide, from (x, y). */
async function meanColour(image: Buffer, x: number, y: number, size = 8) {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .extract({ left: x, top: y, width: size, height: size })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let r = 0;
  let g = 0;
  let b = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    r += data[i]!;
    g += data[i + 1]!;
    b += data[i + 2]!;
  }
  const n = data.length / info.channels;
  return { r: r / n, g: g / n, b: b / n };
}

/** A request with a picture (or any bytes) as its body, answered as bytes. */
async function sendBytes(
  server: TestServer,
  client: TestClient,
  path: string,
  body: Buffer | string,
  contentType: string,
) {
  const response = await fetch(server.baseUrl + path, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, origin: server.baseUrl, 'content-type': contentType },
    body,
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A multipart/form-data call of the spec route, as a browser's FormData sends it. */
async function sendMultipart(
  server: TestServer,
  client: TestClient,
  form: {
    fields: Record<string, string>;
    files: Array<{ name: string; bytes: Buffer; type: string }>;
  },
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  for (const file of form.files) {
    body.append(file.name, new Blob([file.bytes], { type: file.type }), `${file.name}.jpg`);
  }
  const response = await fetch(server.baseUrl + BACKGROUND_REMOVAL_API.remove, {
    method: 'POST',
    headers: { cookie: client.cookieHeader, origin: server.baseUrl },
    body,
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('background removal', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;
  let photo: Buffer;
  let original: StoredImage;

  beforeAll(async () => {
    server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000', BACKGROUND_REMOVAL_LIMIT: String(LIMIT) },
    });
    account = await createAccount(server);
    client = await signIn(server, account);
    photo = await fs.readFile(PHOTO);
    original = await server.container.services.images.storeImage(
      { accountId: account.accountId, userId: account.userId, countryCode: 'US' },
      photo,
      'image/jpeg',
    );
  });
  afterAll(() => server.close());

  const removals = async () =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          server,
          sql`SELECT count(*) AS n FROM background_removals WHERE account_id = ${account.accountId}`,
        )
      )[0]!.n,
    );
  const usage = async () => (await client.get(BACKGROUND_REMOVAL_API.usage)).body;

  it('cuts the subject of a real photo out as a transparent PNG, counts it once, keeps it as a new image', async () => {
    expect(await usage()).toEqual({ used: 0, limit: LIMIT });
    const started = await client.post(BACKGROUND_REMOVAL_API.jobs, {
      imageId: original.image.id,
      output: 'png',
    });
    expect(started.status, started.text).toBe(202);
    const jobId = (started.body.job as BackgroundRemovalJob).jobId;
    expect(started.body.job).toMatchObject({ status: 'queued', progress: 0, output: 'png' });

    const seen = new Set<number>();
    const done = await waitFor(
      async () => {
        const response = await client.get(backgroundRemovalJobPath(jobId));
        const job = response.body.job as BackgroundRemovalJob;
        seen.add(job.progress);
        return job;
      },
      (job) => job.status === 'done' || job.status === 'failed',
      MODEL_WAIT_MS,
      200,
    );
    expect(done).toMatchObject({
      status: 'done',
      progress: 100,
      contentType: 'image/png',
      width: 512,
      height: 600,
      failure: null,
    });
    // The progress moved through the model's run, not straight from 0 to 100.
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);

    const result = await fetch(server.baseUrl + done.resultPath!, {
      headers: { cookie: client.cookieHeader },
    });
    expect(result.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await result.arrayBuffer());
    const alpha = await alphaOf(png);
    expect([alpha.width, alpha.height]).toEqual([512, 600]);
    // The flag (top left) and the sky (top right) are gone; the face and the uniform stay.
    expect(alpha.at(10, 10)).toBeLessThan(16);
    expect(alpha.at(500, 10)).toBeLessThan(16);
    expect(alpha.at(470, 150)).toBeLessThan(16);
    expect(alpha.at(256, 250)).toBeGreaterThan(240);
    expect(alpha.at(256, 450)).toBeGreaterThan(240);
    expect(alpha.at(60, 580)).toBeGreaterThan(240);

    expect(await usage()).toEqual({ used: 1, limit: LIMIT });
    const [accountRow] = await queryRows<{ usage_remove_background_image: number }>(
      server,
      sql`SELECT usage_remove_background_image FROM accounts WHERE account_id = ${account.accountId}`,
    );
    expect(accountRow!.usage_remove_background_image).toBe(1);

    // The job again (a retry, a duplicate): the removal is done, nothing runs, nothing counts.
    await server.container.jobs.backgroundRemoval.handler(
      { removalId: jobId, accountId: account.accountId },
      { jobId: 'retry', retryCount: 1, logger },
    );
    expect(await usage()).toEqual({ used: 1, limit: LIMIT });

    // Kept: a new image, made like an upload; the original photo is as it was.
    const kept = await client.post(`${backgroundRemovalJobPath(jobId)}/keep`, {});
    expect(kept.status, kept.text).toBe(200);
    const image = kept.body.image as StoredImage;
    expect(image.image.id).not.toBe(original.image.id);
    expect(image).toMatchObject({ status: 'ready', width: 512, height: 600 });
    expect(kept.body.job.keptImageId).toBe(image.image.id);
    const again = await client.post(`${backgroundRemovalJobPath(jobId)}/keep`, {});
    expect(again.body.image.image.id).toBe(image.image.id);
    const keptBytes = await fetch(server.baseUrl + image.image.url, {
      headers: { cookie: client.cookieHeader },
    });
    expect(keptBytes.status).toBe(200);
    expect((await alphaOf(Buffer.from(await keptBytes.arrayBuffer()))).at(10, 10)).toBeLessThan(16);
    const originalRecord = await client.get(`/api/uploads/images/${original.image.id}`);
    expect(originalRecord.body).toEqual(original);

    // Discarded: the removal and its result go; the kept image stays.
    expect((await client.delete(backgroundRemovalJobPath(jobId))).status).toBe(204);
    expect((await client.get(backgroundRemovalJobPath(jobId))).status).toBe(404);
    expect((await client.get(`/api/uploads/images/${image.image.id}`)).status).toBe(200);
    expect(await usage()).toEqual({ used: 1, limit: LIMIT });
  });

  it('answers the picture of the spec call sent as a multipart file, on white', async () => {
    const small = await sharp(photo).resize({ width: 256 }).jpeg().toBuffer();
    const { response, bytes } = await sendMultipart(server, client, {
      fields: { originPlatform: 'web', output: 'white' },
      files: [{ name: 'image', bytes: small, type: 'image/jpeg' }],
    });
    expect(response.status, bytes.toString().slice(0, 300)).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get(BACKGROUND_REMOVAL_HEADERS.used)).toBe('2');
    expect(response.headers.get(BACKGROUND_REMOVAL_HEADERS.limit)).toBe(String(LIMIT));
    expect(response.headers.get(BACKGROUND_REMOVAL_HEADERS.jobId)).toBeTruthy();
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual([
      'jpeg',
      256,
      300,
      false,
    ]);
    const corner = await meanColour(bytes, 2, 2);
    expect(Math.min(corner.r, corner.g, corner.b)).toBeGreaterThan(245);
    const face = await meanColour(bytes, 124, 120);
    expect(Math.min(face.r, face.g, face.b)).toBeLessThan(230);
  });

  it('answers the picture of the spec call naming one of the account’s photos, on a colour', async () => {
    const response = await fetch(server.baseUrl + BACKGROUND_REMOVAL_API.remove, {
      method: 'POST',
      headers: {
        cookie: client.cookieHeader,
        origin: server.baseUrl,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        originPlatform: 'web',
        imageUrl: original.image.url_s,
        output: 'colour',
        colour: '#00C000',
      }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.status, bytes.toString().slice(0, 300)).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get(BACKGROUND_REMOVAL_HEADERS.used)).toBe('3');
    const corner = await meanColour(bytes, 2, 2);
    expect(corner.g).toBeGreaterThan(170);
    expect(corner.r).toBeLessThan(40);
    expect(corner.b).toBeLessThan(40);
  });

  it('refuses past the account’s limit before anything is queued, saying the limit and the use', async () => {
    const before = await removals();
    const refused = await client.post(BACKGROUND_REMOVAL_API.jobs, { imageId: original.image.id });
    expect(refused.status, refused.text).toBe(429);
    expect(refused.body.code).toBe('background-removal/limit-reached');
    expect(refused.body.message).toContain(`used ${LIMIT} of its ${LIMIT}`);
    const { response, bytes } = await sendBytes(
      server,
      client,
      `${BACKGROUND_REMOVAL_API.remove}?originPlatform=web`,
      photo,
      'image/jpeg',
    );
    expect(response.status).toBe(429);
    expect(JSON.parse(bytes.toString()).code).toBe('background-removal/limit-reached');
    expect(await removals()).toBe(before);
    expect(await usage()).toEqual({ used: LIMIT, limit: LIMIT });
  });

  describe('bad input answers 400 naming the field and changes nothing', () => {
    let other: { client: TestClient; account: AccountFixture };

    beforeAll(async () => {
      const otherAccount = await createAccount(server);
      other = { client: await signIn(server, otherAccount), account: otherAccount };
    });

    /** A removal as a start leaves it, queued, written straight to the table (no job sent). */
    async function queuedRemoval(source: { imageId?: string; key?: string }) {
      const id = newId();
      await server.container.database.db.execute(
        sql`INSERT INTO background_removals (id, account_id, user_id, source_image_id, source_key,
            origin_platform, output) VALUES (${id}, ${other.account.accountId},
            ${other.account.userId}, ${source.imageId ?? null}, ${source.key ?? null}, 'web', 'png')`,
      );
      await server.container.jobs.backgroundRemoval.handler(
        { removalId: id, accountId: other.account.accountId },
        { jobId: `fail-${id}`, retryCount: 0, logger },
      );
      return (await other.client.get(backgroundRemovalJobPath(id))).body
        .job as BackgroundRemovalJob;
    }

    it('a photo gone before its turn, or a picture that cannot be read, fails at once and counts nothing', async () => {
      const gone = await queuedRemoval({ imageId: newId() });
      expect(gone).toMatchObject({ status: 'failed', failure: 'sourceMissing', resultPath: null });
      const key = `background-removals/${other.account.accountId}/garbage/source`;
      await server.container.storage.put(key, Buffer.from('not a picture'), {
        contentType: 'image/png',
      });
      const unreadable = await queuedRemoval({ key });
      expect(unreadable).toMatchObject({ status: 'failed', failure: 'notAnImage' });
      const result = await other.client.get(`${backgroundRemovalJobPath(unreadable.jobId)}/result`);
      expect(result.status).toBe(409);
      expect(result.body.code).toBe('background-removal/not-ready');
      const keep = await other.client.post(
        `${backgroundRemovalJobPath(unreadable.jobId)}/keep`,
        {},
      );
      expect(keep.status).toBe(409);
      expect((await other.client.get(BACKGROUND_REMOVAL_API.usage)).body.used).toBe(0);
    });

    it.each([
      [{ output: 'png' }, 'imageId'],
      [{ imageId: 'x'.repeat(30), output: 'blue' }, 'output'],
      [{ imageId: 'x'.repeat(30), output: 'colour' }, 'colour'],
      [{ imageId: 'x'.repeat(30), output: 'colour', colour: 'green' }, 'colour'],
      [{ imageId: 'x'.repeat(30), extra: true }, ''],
    ])('start %j → 400 (%s)', async (body, field) => {
      const before = await removals();
      const response = await other.client.post(BACKGROUND_REMOVAL_API.jobs, body);
      expect(response.status, response.text).toBe(400);
      if (field) expect(response.body.message).toContain(field);
      expect(await removals()).toBe(before);
    });

    it.each([
      [{ imageUrl: 'https://example.com/a.jpg' }, 'originPlatform'],
      [{ originPlatform: 'web' }, 'imageUrl'],
      [{ originPlatform: 'web', imageUrl: 'https://example.com/a.jpg' }, 'imageUrl'],
      [{ originPlatform: 'web', imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
    ])('the spec call with %j → 400 (%s)', async (body, field) => {
      const response = await other.client.post(BACKGROUND_REMOVAL_API.remove, body);
      expect(response.status, response.text).toBe(400);
      expect(response.body.message).toContain(field);
    });

    it('the spec call with a body that is no picture → 415, an empty one → 400, a bad output → 400', async () => {
      const text = await sendBytes(
        server,
        other.client,
        `${BACKGROUND_REMOVAL_API.remove}?originPlatform=web`,
        'not a picture at all',
        'image/png',
      );
      expect(text.response.status).toBe(415);
      expect(JSON.parse(text.bytes.toString()).message).toContain('image');
      const empty = await sendBytes(
        server,
        other.client,
        `${BACKGROUND_REMOVAL_API.remove}?originPlatform=web`,
        Buffer.alloc(0),
        'image/png',
      );
      expect(empty.response.status).toBe(400);
      const colour = await sendBytes(
        server,
        other.client,
        `${BACKGROUND_REMOVAL_API.remove}?originPlatform=web&output=colour`,
        photo,
        'image/jpeg',
      );
      expect(colour.response.status).toBe(400);
      expect(JSON.parse(colour.bytes.toString()).message).toContain('colour');
    });

    it('a multipart call with no picture, two, an unknown field or a bad output → 400', async () => {
      const cases: Array<[Parameters<typeof sendMultipart>[2], string]> = [
        [{ fields: { originPlatform: 'web' }, files: [] }, 'no picture file'],
        [
          {
            fields: {},
            files: [
              { name: 'image', bytes: photo, type: 'image/jpeg' },
              { name: 'image2', bytes: photo, type: 'image/jpeg' },
            ],
          },
          'one picture per call',
        ],
        [
          { fields: { size: 'big' }, files: [{ name: 'image', bytes: photo, type: 'image/jpeg' }] },
          'size: not a field of this call',
        ],
        [
          {
            fields: { output: 'colour' },
            files: [{ name: 'image', bytes: photo, type: 'image/jpeg' }],
          },
          'colour',
        ],
      ];
      const queued = async () =>
        Number(
          (
            await queryRows<{ n: string | number }>(
              server,
              sql`SELECT count(*) AS n FROM background_removals WHERE account_id = ${other.account.accountId}`,
            )
          )[0]!.n,
        );
      const before = await queued();
      for (const [form, message] of cases) {
        const { response, bytes } = await sendMultipart(server, other.client, form);
        expect(response.status, message).toBe(400);
        expect(JSON.parse(bytes.toString()).message).toContain(message);
      }
      expect(await queued()).toBe(before);
    });

    it('a picture over the pixel cap is refused from its header with 413', async () => {
      // 8000 × 8000 (64 MP) of one colour: a small file that says too many pixels.
      const huge = await sharp({
        create: { width: 8000, height: 8000, channels: 3, background: '#888888' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const { response, bytes } = await sendBytes(
        server,
        other.client,
        `${BACKGROUND_REMOVAL_API.remove}?originPlatform=web`,
        huge,
        'image/png',
      );
      expect(response.status).toBe(413);
      expect(JSON.parse(bytes.toString()).message).toContain('8000 × 8000');
    });

    it('another account’s photo, by id or address, is not found', async () => {
      const byId = await other.client.post(BACKGROUND_REMOVAL_API.jobs, {
        imageId: original.image.id,
      });
      expect(byId.status).toBe(404);
      const byUrl = await other.client.post(BACKGROUND_REMOVAL_API.remove, {
        originPlatform: 'web',
        imageUrl: original.image.url,
      });
      expect(byUrl.status).toBe(404);
      expect((await other.client.get(BACKGROUND_REMOVAL_API.usage)).body).toEqual({
        used: 0,
        limit: LIMIT,
      });
    });

    it('a removal that does not exist is not found', async () => {
      expect((await other.client.get(backgroundRemovalJobPath('x'.repeat(24)))).status).toBe(404);
      expect(
        (await other.client.post(`${backgroundRemovalJobPath('x'.repeat(24))}/keep`, {})).status,
      ).toBe(404);
    });
  });
});
