import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { StoredImage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { PHOTO_ADDRESS_INVALID, PHOTO_NOT_FOUND } from '../images/image.service';
import { COMPLETE_DETAILS } from './item.test-fixtures';

const ITEMS = '/api/account/item';
const IMPORT = '/api/rest/v1/enterprise/item-import';

/**
 * An item's photos may name only its own account's images: another account's image, by any
 * of its addresses or keys, is refused on every path that writes an item's photos, as if it
 * did not exist, and nothing changes. Other photos must be web addresses.
 */
describe("items: photos are the account's own images or web addresses", () => {
  let server: TestServer;
  let victim: AccountFixture;
  let attacker: AccountFixture;
  let client: TestClient;
  let theirs: StoredImage;
  let mine: StoredImage;

  const ownerOf = (account: AccountFixture) => ({
    accountId: account.accountId,
    userId: account.userId,
    countryCode: 'US' as const,
  });

  const itemCount = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          server,
          sql`select count(*)::int as n from items where account_id = ${attacker.accountId}`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    victim = await createAccount(server);
    attacker = await createAccount(server);
    client = await signIn(server, attacker);
    const images = server.container.services.images;
    theirs = await images.storeImage(
      ownerOf(victim),
      await makeJpeg({ width: 400, height: 300 }),
      'image/jpeg',
    );
    mine = await images.storeImage(
      ownerOf(attacker),
      await makeJpeg({ width: 400, height: 300 }),
      'image/jpeg',
    );
  });
  afterAll(() => server.close());

  /** Every way a photo can name the other account's image. */
  const foreignPhotos = () => [
    theirs.image,
    { id: 'x'.repeat(24), url: theirs.image.url },
    { id: 'x'.repeat(24), url: 'https://cdn.example.test/a.jpg', url_l: theirs.image.url_l },
    { ...mine.image, _l: theirs.image._l },
    { id: 'x'.repeat(24), url: `${server.container.publicUrl}${theirs.image.url_s}` },
    // A signed address of it, say copied from a marketplace page.
    {
      id: 'x'.repeat(24),
      url: server.container.imageUrls.sign(theirs.image.id, 'original'),
    },
  ];

  it("refuses to create an item with another account's image, as not found, and creates nothing", async () => {
    const before = await itemCount();
    for (const photo of foreignPhotos()) {
      const response = await client.post(ITEMS, {
        generalDetails: { ...COMPLETE_DETAILS, images: [mine.image, photo] },
      });
      expect(response.status, JSON.stringify(photo)).toBe(404);
      expect(response.body.code).toBe('request/not-found');
      expect(response.body.message).toContain(PHOTO_NOT_FOUND);
      expect(response.body.message).toMatch(/^generalDetails\.images\.1\./);
    }
    // An image id that exists nowhere reads the same.
    const missing = await client.post(ITEMS, {
      generalDetails: {
        ...COMPLETE_DETAILS,
        images: [{ id: 'y', url: `/api/images/images/${attacker.userId}/${'Z'.repeat(24)}.jpeg` }],
      },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`generalDetails.images.0.url: ${PHOTO_NOT_FOUND}`);
    expect(await itemCount()).toBe(before);
  });

  it("refuses to put another account's image on an item by any edit, and leaves it as it was", async () => {
    const created = await client.post(ITEMS, {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'OWN-1', images: [mine.image] },
    });
    expect(created.status, created.text).toBe(201);
    const item = created.body.item;
    const path = `${ITEMS}/${item.userID}/${item.itemID}`;
    const edits = [
      () =>
        client.put(`${path}/general-details`, {
          generalDetails: { ...item.generalDetails, images: [theirs.image] },
        }),
      () =>
        client.patch(`${path}/field`, {
          changes: { 'generalDetails.images': [mine.image, theirs.image] },
        }),
      () =>
        client.put(`${path}/listing/general`, {
          listing: { ...item.generalDetails, images: [theirs.image] },
        }),
      // A listing's own photos are sent to the marketplace: the same rule.
      () => client.put(`${path}/listing/ebay`, { listing: { photos: [theirs.image.url_l] } }),
      () =>
        client.put(`${path}/listings`, {
          listings: { etsy: { photos: [{ url: theirs.image.url }] } },
        }),
    ];
    for (const edit of edits) {
      const response = await edit();
      expect(response.status, response.text).toBe(404);
      expect(response.body.code).toBe('request/not-found');
    }
    const after = (await client.get(path)).body.item;
    expect(after.generalDetails.images).toEqual([mine.image]);
    expect(after.listings).toEqual(item.listings);
    expect(after.dateLastModified).toBe(item.dateLastModified);

    // Its own photos, and photos on the web, are saved.
    const own = await client.put(`${path}/listing/ebay`, {
      listing: { photos: [mine.image.url_l, 'https://cdn.example.test/b.jpg'] },
    });
    expect(own.status, own.text).toBe(200);
  });

  it('refuses a photo address that is not a web address (javascript:, data:, file:, other paths)', async () => {
    const before = await itemCount();
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'file:///etc/passwd',
      'ftp://cdn.example.test/a.jpg',
      '/api/account/item',
      '//cdn.example.test/a.jpg',
      'not an address',
    ]) {
      const response = await client.post(ITEMS, {
        generalDetails: { ...COMPLETE_DETAILS, images: [{ id: 'p', url }] },
      });
      expect(response.status, url).toBe(400);
      expect(response.body.code).toBe('request/invalid');
      expect(response.body.message).toBe(`generalDetails.images.0.url: ${PHOTO_ADDRESS_INVALID}`);
    }
    expect(await itemCount()).toBe(before);
    const web = await client.post(ITEMS, {
      generalDetails: {
        ...COMPLETE_DETAILS,
        sku: 'WEB-1',
        images: [
          { id: 'p', url: 'http://cdn.example.test/a.jpg' },
          { id: 'q', url: 'https://cdn.example.test/b.jpg' },
        ],
      },
    });
    expect(web.status, web.text).toBe(201);
  });

  it("skips file-import rows whose photos are another account's images or not web addresses", async () => {
    const csv = [
      'sku,title,price,image_urls',
      `CSV-1,Theirs,10,https://cdn.example.test/c.jpg|${theirs.image.url}`,
      'CSV-2,Script,10,javascript:alert(1)',
      `CSV-3,Mine,10,${mine.image.url}|https://cdn.example.test/d.jpg`,
    ].join('\n');
    const preview = await client.request('POST', `${IMPORT}/normalize?fileName=photos.csv`, {
      rawBody: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(preview.status, preview.text).toBe(200);
    const started = await client.post(`${IMPORT}/${preview.body.importId}/start`, {});
    expect(started.status, started.text).toBe(202);
    let status = started.body;
    const deadline = Date.now() + 30_000;
    while (status.status !== 'done' && status.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await client.get(`${IMPORT}/${preview.body.importId}`)).body;
    }
    expect(status.status).toBe('done');
    expect(status.createdItems).toBe(1);
    expect(status.errorRows).toEqual([
      { row: 2, messages: [`photo 2: ${PHOTO_NOT_FOUND}`] },
      { row: 3, messages: [`photo 1: ${PHOTO_ADDRESS_INVALID}`] },
    ]);
    const skus = await queryRows<{ sku: string }>(
      server,
      sql`select general_details->>'sku' as sku from items where account_id = ${attacker.accountId} and general_details->>'sku' like 'CSV-%'`,
    );
    expect(skus.map((r) => r.sku)).toEqual(['CSV-3']);
  });
});
