import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredImage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { BLUE, makeJpeg, makePng, near, pixelAt, RED } from '../../../test/images';
import { startTestServer, type TestServer } from '../../../test/server';
import type { ImageOwner } from './image.service';

/** GET of an image as raw bytes. */
async function getImage(client: TestClient, url: string, headers: Record<string, string> = {}) {
  const response = await fetch(client.baseUrl + url, {
    headers: { cookie: client.cookieHeader, ...headers },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

async function size(bytes: Buffer) {
  const meta = await sharp(bytes).metadata();
  return [meta.width, meta.height];
}

/** A request with its path sent exactly as written (fetch would resolve "..": we must not). */
function rawGet(baseUrl: string, pathname: string, cookie: string) {
  return new Promise<{ status: number; body: any }>((resolve, reject) => {
    const url = new URL(baseUrl);
    const req = http.request(
      { host: url.hostname, port: url.port, path: pathname, headers: { cookie } },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function countFiles(dir: string): Promise<number> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

describe('images: derivatives and the image endpoint', () => {
  let server: TestServer;
  let account: AccountFixture;
  let client: TestClient;
  let owner: ImageOwner;
  let landscape: StoredImage;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    client = await signIn(server, account);
    owner = { accountId: account.accountId, userId: account.userId, countryCode: 'US' };
    landscape = await server.container.services.images.storeImage(
      owner,
      await makeJpeg({ width: 2400, height: 1200 }),
      'image/jpeg',
    );
  });
  afterAll(() => server.close());

  describe('derivatives', () => {
    it('turns a photo upright by its EXIF orientation and drops its metadata', async () => {
      // Stored 3000×2000 with orientation 6: seen as 2000×3000, the red half on top.
      const photo = await makeJpeg({ width: 3000, height: 2000, orientation: 6 });
      expect((await sharp(photo).metadata()).exif).toBeDefined();
      const stored = await server.container.services.images.storeImage(owner, photo, 'image/jpeg');
      expect(stored).toMatchObject({ status: 'ready', width: 2000, height: 3000 });
      expect(stored.image.originalMaxDimension).toBe(3000);

      const large = await server.container.storage.readBuffer(stored.image._l!);
      const meta = await sharp(large).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1067, height: 1600 });
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect(near(await pixelAt(large, 533, 100), RED)).toBe(true);
      expect(near(await pixelAt(large, 533, 1500), BLUE)).toBe(true);

      const small = await server.container.storage.readBuffer(stored.image._s!);
      expect(await size(small)).toEqual([150, 150]);
      expect((await sharp(small).metadata()).exif).toBeUndefined();
    });

    it('keeps the large version at most 1600 px on the long side and never enlarges', async () => {
      const large = await server.container.storage.readBuffer(landscape.image._l!);
      expect(await size(large)).toEqual([1600, 800]);
      const tiny = await server.container.services.images.storeImage(
        owner,
        await makeJpeg({ width: 300, height: 120 }),
        'image/jpeg',
      );
      expect(await size(await server.container.storage.readBuffer(tiny.image._l!))).toEqual([
        300, 120,
      ]);
      expect(await size(await server.container.storage.readBuffer(tiny.image._s!))).toEqual([
        150, 150,
      ]);
    });

    it('flattens transparency on white in the JPEG versions', async () => {
      const stored = await server.container.services.images.storeImage(
        owner,
        await makePng(),
        'image/png',
      );
      expect(stored.image.url).toMatch(/\.png$/);
      const large = await server.container.storage.readBuffer(stored.image._l!);
      expect(near(await pixelAt(large, 5, 5), { r: 255, g: 255, b: 255 }, 5)).toBe(true);
      expect(near(await pixelAt(large, 190, 5), { r: 0, g: 180, b: 0 })).toBe(true);
    });

    it('is idempotent: running the job again writes the same bytes to the same keys', async () => {
      const { jobs, storage } = server.container;
      const before = await storage.readBuffer(landscape.image._l!);
      const context = { jobId: 'again', retryCount: 0, logger: pino({ level: 'silent' }) };
      await jobs.imageDerivatives.handler({ imageId: landscape.image.id }, context);
      expect((await storage.readBuffer(landscape.image._l!)).equals(before)).toBe(true);
      const listed = await storage.list({
        prefix: `images/${account.userId}/${landscape.image.id}`,
      });
      expect(listed.items.map((i) => i.key).sort()).toEqual(
        [
          landscape.image._l,
          landscape.image._s,
          `images/${account.userId}/${landscape.image.id}.jpeg`,
        ].sort(),
      );
    });

    it('runs as a queued job, and marks the image failed with the reason after the last retry', async () => {
      const { services, jobs, storage } = server.container;
      const queued = await services.images.storeImage(
        owner,
        await makeJpeg({ width: 500, height: 500 }),
        'image/jpeg',
        { derivatives: 'queue' },
      );
      expect(queued.status).toBe('processing');
      const deadline = Date.now() + 20_000;
      let status = queued.status;
      while (status !== 'ready' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await client.get(`/api/uploads/images/${queued.image.id}`)).body.status;
      }
      expect(status).toBe('ready');

      const doomed = await services.images.storeImage(owner, await makeJpeg(), 'image/jpeg');
      await storage.delete(`images/${account.userId}/${doomed.image.id}.jpeg`);
      const logger = pino({ level: 'silent' });
      const payload = { imageId: doomed.image.id };
      await expect(
        jobs.imageDerivatives.handler(payload, { jobId: 'a', retryCount: 0, logger }),
      ).rejects.toThrow();
      expect((await client.get(`/api/uploads/images/${doomed.image.id}`)).body.status).toBe(
        'ready',
      );
      await expect(
        jobs.imageDerivatives.handler(payload, { jobId: 'a', retryCount: 3, logger }),
      ).rejects.toThrow();
      const failed = (await client.get(`/api/uploads/images/${doomed.image.id}`)).body;
      expect(failed.status).toBe('failed');
      expect(failed.failureReason).toMatch(/No file at/);
    });

    it('refuses bytes that are not a picture', async () => {
      await expect(
        server.container.services.images.storeImage(owner, Buffer.from('hello'), 'image/jpeg'),
      ).rejects.toMatchObject({ statusCode: 415 });
      await expect(
        server.container.services.images.storeImage(owner, await makePng(), 'text/plain'),
      ).rejects.toMatchObject({ statusCode: 415 });
    });
  });

  describe('GET /api/images/{key}', () => {
    it('serves the original upright, without its EXIF, as the type it was', async () => {
      const turned = await server.container.services.images.storeImage(
        owner,
        await makeJpeg({ width: 400, height: 200, orientation: 6 }),
        'image/jpeg',
      );
      const response = await getImage(client, turned.image.url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(await size(response.bytes)).toEqual([200, 400]);
      expect((await sharp(response.bytes).metadata()).exif).toBeUndefined();
      expect(Number(response.headers.get('content-length'))).toBe(response.bytes.length);
    });

    it('serves a finished derivative as stored', async () => {
      const response = await getImage(client, landscape.image.url_s);
      expect(response.status).toBe(200);
      const stored = await server.container.storage.readBuffer(landscape.image._s!);
      expect(response.bytes.equals(stored)).toBe(true);
    });

    it('resizes by width or height in proportion, and by both as fit says', async () => {
      const url = landscape.image.url; // 2400×1200
      const cases: [string, number[]][] = [
        ['width=300', [300, 150]],
        ['height=100', [200, 100]],
        ['width=300&height=300', [300, 300]],
        ['width=300&height=300&fit=bounds', [300, 150]],
        ['width=300&height=300&fit=cover', [600, 300]],
        ['width=300&height=300&fit=crop', [300, 300]],
        ['width=4000', [2400, 1200]],
        ['fit=bounds', [2400, 1200]],
      ];
      for (const [query, expected] of cases) {
        const response = await getImage(client, `${url}?${query}`);
        expect(response.status, query).toBe(200);
        expect(await size(response.bytes), query).toEqual(expected);
      }
      const cut = await getImage(client, `${url}?width=300&height=300`);
      expect(near(await pixelAt(cut.bytes, 10, 150), RED)).toBe(true);
      expect(near(await pixelAt(cut.bytes, 290, 150), BLUE)).toBe(true);
    });

    it('serves the large version at 800 px or more when a width is asked (spec §7)', async () => {
      expect(
        await size((await getImage(client, `${landscape.image.url_l}?width=300`)).bytes),
      ).toEqual([800, 400]);
      expect(
        await size((await getImage(client, `${landscape.image.url_l}?width=1000`)).bytes),
      ).toEqual([1000, 500]);
      expect(
        await size((await getImage(client, `${landscape.image.url_s}?width=100`)).bytes),
      ).toEqual([100, 100]);
      expect(
        await size((await getImage(client, `${landscape.image.url}?width=300`)).bytes),
      ).toEqual([300, 150]);
    });

    it('fills transparency with bg-color, and keeps it without', async () => {
      const png = await server.container.services.images.storeImage(
        owner,
        await makePng(),
        'image/png',
      );
      const plain = await getImage(client, png.image.url);
      expect(plain.headers.get('content-type')).toBe('image/png');
      expect((await pixelAt(plain.bytes, 5, 5)).alpha).toBe(0);
      for (const color of ['ff0000', 'f00', '%23ff0000', '255,0,0']) {
        const red = await getImage(client, `${png.image.url}?bg-color=${color}`);
        expect(red.status, color).toBe(200);
        expect(await pixelAt(red.bytes, 5, 5), color).toMatchObject({
          r: 255,
          g: 0,
          b: 0,
          alpha: 255,
        });
        expect(near(await pixelAt(red.bytes, 190, 5), { r: 0, g: 180, b: 0 }, 2)).toBe(true);
      }
    });

    it('places the image on a canvas of bg-color', async () => {
      const url = landscape.image.url; // 2400×1200
      const boxed = await getImage(
        client,
        `${url}?width=100&height=100&fit=bounds&canvas=120,120&bg-color=00ff00`,
      );
      expect(await size(boxed.bytes)).toEqual([120, 120]);
      // 100×50 centred: 35 px of green above and below, 10 at each side.
      expect(near(await pixelAt(boxed.bytes, 60, 5), { r: 0, g: 255, b: 0 })).toBe(true);
      expect(near(await pixelAt(boxed.bytes, 5, 60), { r: 0, g: 255, b: 0 })).toBe(true);
      expect(near(await pixelAt(boxed.bytes, 20, 60), RED)).toBe(true);
      expect(near(await pixelAt(boxed.bytes, 100, 60), BLUE)).toBe(true);

      const square = await getImage(client, `${url}?width=400&canvas=1:1`);
      expect(await size(square.bytes)).toEqual([400, 400]);
      expect(near(await pixelAt(square.bytes, 200, 10), { r: 255, g: 255, b: 255 }, 5)).toBe(true);

      const top = await getImage(client, `${url}?width=400&canvas=400,400,offset-y0&bg-color=000`);
      expect(near(await pixelAt(top.bytes, 10, 10), RED)).toBe(true);
      expect(near(await pixelAt(top.bytes, 10, 390), { r: 0, g: 0, b: 0 }, 5)).toBe(true);
    });

    it('answers invalid parameters with 400 and a message that says what is allowed', async () => {
      const url = landscape.image.url;
      for (const query of [
        'width=0',
        'width=abc',
        'width=4001',
        'height=-5',
        'width=1.5',
        'fit=stretch',
        'bg-color=zzz',
        'bg-color=300,0,0',
        'canvas=abc',
        'canvas=0,100',
        'canvas=100,100,x5,x6',
        'width=100&width=200',
      ]) {
        const response = await client.get(`${url}?${query}`);
        expect(response.status, query).toBe(400);
        expect(response.body, query).toMatchObject({ statusCode: 400, code: 'request/invalid' });
        expect(response.body.message.length, query).toBeGreaterThan(10);
      }
      expect((await client.get(`${url}?width=0`)).body.message).toMatch(/from 1 to 4000/);
    });

    it('tags each rendering with a strong ETag, caches it for a year, and answers 304', async () => {
      const url = `${landscape.image.url}?width=222`;
      const first = await getImage(client, url);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
      expect(first.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const again = await getImage(client, url, { 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect((await getImage(client, url, { 'if-none-match': `W/${etag}, "x"` })).status).toBe(304);
      const other = await getImage(client, `${landscape.image.url}?width=223`);
      expect(other.headers.get('etag')).not.toBe(etag);
      expect((await getImage(client, url, { 'if-none-match': '"stale"' })).status).toBe(200);
    });

    it('keeps renderings on disk and reuses them', async () => {
      const dir = path.join(server.container.config.dataDir, 'cache', 'images');
      const before = await countFiles(dir);
      const url = `${landscape.image.url}?width=321&bg-color=fff`;
      const first = await getImage(client, url);
      expect(await countFiles(dir)).toBe(before + 1);
      const second = await getImage(client, url);
      expect(await countFiles(dir)).toBe(before + 1);
      expect(second.bytes.equals(first.bytes)).toBe(true);
    });

    it('answers the large and small addresses from the original until their files exist', async () => {
      const stored = await server.container.services.images.storeImage(
        owner,
        await makeJpeg({ width: 2000, height: 1000 }),
        'image/jpeg',
      );
      await server.container.storage.delete(stored.image._l!);
      await server.container.storage.delete(stored.image._s!);
      expect(await size((await getImage(client, stored.image.url_l)).bytes)).toEqual([1600, 800]);
      expect(await size((await getImage(client, stored.image.url_s)).bytes)).toEqual([150, 150]);
    });

    it("says the file has no download URL when the original's file is gone (spec §8)", async () => {
      const stored = await server.container.services.images.storeImage(
        owner,
        await makeJpeg(),
        'image/jpeg',
      );
      await server.container.storage.delete(`images/${account.userId}/${stored.image.id}.jpeg`);
      const response = await client.get(stored.image.url);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('The given file does not have any download URLs.');
    });

    it("hides another account's images, and refuses paths that leave the store", async () => {
      const intruder = await signIn(server, await createAccount(server));
      for (const url of [
        landscape.image.url,
        landscape.image.url_l,
        `${landscape.image.url}?width=10`,
      ]) {
        const response = await intruder.get(url);
        expect(response.status, url).toBe(404);
        expect(response.body.code).toBe('request/not-found');
      }
      expect((await intruder.get(`/api/uploads/images/${landscape.image.id}`)).status).toBe(404);

      const dotted = await rawGet(
        server.baseUrl,
        `/api/images/images/${account.userId}/../../auth-secret`,
        client.cookieHeader,
      );
      expect(dotted.status).toBe(400);
      expect(dotted.body.message).toMatch(/"\.\."/);
      const url = await client.get('/api/images/https://example.com/a.jpeg');
      expect(url.status).toBe(400);
      expect(url.body.message).toMatch(/not a URL/);
      expect((await client.get(`/api/images/images/${account.userId}/nothing.jpeg`)).status).toBe(
        404,
      );
      // The large key of the original's id, but with another extension, is no image of ours.
      expect(
        (await client.get(`/api/images/images/${account.userId}/${landscape.image.id}_l.png`))
          .status,
      ).toBe(404);
    });
  });
});
