import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { startTestServer, type TestServer } from '../../test/server';
import { seedDemo } from './demo';
import { demoItems } from './demo-catalogue';
import { waitUntil } from '../../test/wait';

describe('demo seed', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('creates the demo shop once, with its items, and photographs them in the background', async () => {
    expect(await seedDemo(server.container, { itemCount: 6 })).toEqual({ created: true });
    expect(await seedDemo(server.container, { itemCount: 6 })).toEqual({ created: false });

    const client = new TestClient(server.baseUrl);
    const login = await client.post('/api/rest/v1/auth/session_login', {
      email: 'demo@listloop.local',
      password: 'listloop-demo',
    });
    expect(login.status).toBe(200);
    const list = async () =>
      (await client.get('/api/account/item?limit=50&sort=dateCreated:asc')).body;
    const first = await list();
    expect(first.total).toBe(6);
    expect(
      first.items.map((i: { generalDetails: { sku: string } }) => i.generalDetails.sku),
    ).toEqual(demoItems(6).map((d) => d.generalDetails.sku));

    const expectedPhotos = demoItems(6).map((d) => d.photoCount);
    await waitUntil(async () => {
      const { items } = await list();
      return items.every(
        (item: { generalDetails: { images: unknown[] } }, i: number) =>
          item.generalDetails.images.length === expectedPhotos[i],
      );
    });
    const { items } = await list();
    const withPhotos = items.find(
      (i: { generalDetails: { images: { url_s: string }[] } }) =>
        i.generalDetails.images.length > 0,
    );
    const thumbnail = await client.get(withPhotos.generalDetails.images[0].url_s);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toMatch(/image\//);
  });

  it('is the same shop on every machine', () => {
    expect(demoItems(200)).toEqual(demoItems(200));
    expect(demoItems(200)).toHaveLength(200);
    const titles = new Set(demoItems(200).map((d) => d.generalDetails.title));
    expect(titles.size).toBeGreaterThan(150);
    // Every item gets one to six photos; drafts lack other things (their description).
    const counts = demoItems(200).map((d) => d.photoCount);
    expect(Math.min(...counts)).toBe(1);
    expect(Math.max(...counts)).toBe(6);
  });
});
