import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceId, StoredImage } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg } from '../../../test/images';
import { startTestServer, type TestServer } from '../../../test/server';
import { standInConnector } from '../../../test/stand-in-connector';
import { COMPLETE_DETAILS } from '../items/item.test-fixtures';
import type { ConnectorListingInput } from '../../connectors/contract';
import { ImageUrlSigner, imageSigningKey } from './image.signing';

/** The signed address's path and query, asked of the test server with no session. */
async function anonymous(server: TestServer, url: string, headers: Record<string, string> = {}) {
  const parsed = new URL(url);
  const response = await fetch(`${server.baseUrl}${parsed.pathname}${parsed.search}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes };
}

function withQuery(url: string, change: (query: URLSearchParams) => void): string {
  const parsed = new URL(url);
  change(parsed.searchParams);
  return parsed.toString();
}

describe('images: signed, expiring public addresses for marketplaces', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let photo: StoredImage;
  let other: StoredImage;
  let signer: ImageUrlSigner;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    const images = server.container.services.images;
    const imageOwner = {
      accountId: account.accountId,
      userId: account.userId,
      countryCode: 'US' as const,
    };
    photo = await images.storeImage(
      imageOwner,
      await makeJpeg({ width: 2000, height: 1000 }),
      'image/jpeg',
    );
    other = await images.storeImage(
      imageOwner,
      await makeJpeg({ width: 400, height: 300 }),
      'image/jpeg',
    );
    signer = server.container.imageUrls;
  });
  afterAll(() => server.close());

  it('hands a connector job the listing photos as absolute signed addresses, others untouched', async () => {
    const seen: ConnectorListingInput[] = [];
    const marketplace: MarketplaceId = 'sellwild';
    const connector = standInConnector(marketplace, {
      publish: async (input) => {
        seen.push(input);
        return { listedID: 'SW-PHOTOS' };
      },
    });
    server.container.connectors.register(connector);
    await connectMarketplace(owner, marketplace);
    try {
      const created = await owner.post('/api/account/item', {
        generalDetails: {
          ...COMPLETE_DETAILS,
          sku: 'SIGNED-1',
          images: [photo.image, COMPLETE_DETAILS.images[0]],
        },
      });
      expect(created.status, created.text).toBe(201);
      const itemId = created.body.item.itemID as string;
      // The seller's preview keeps the session path the app shows.
      const preview = await owner.post(`/api/account/item/${account.userId}/${itemId}/preview`, {
        marketplaces: [marketplace],
      });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.body.previews[0].listing.photos[0]).toBe(photo.image.url_l);
      const queued = await owner.put(`/api/rest/v1/item/${itemId}/status`, {
        userId: account.userId,
        marketplace,
        status: 'queue',
      });
      expect(queued.status, queued.text).toBe(202);
      const deadline = Date.now() + 20_000;
      while (seen.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const photos = seen[0]!.built.photos;
      expect(photos[1]).toBe(COMPLETE_DETAILS.images[0]!.url);
      expect(photos[0]).toMatch(
        new RegExp(
          `^${server.container.publicUrl}/api/images/public/${photo.image.id}/large\\?exp=\\d+&sig=[\\w-]{43}$`,
        ),
      );
      const fetched = await anonymous(server, photos[0]!);
      expect(fetched.status).toBe(200);
      expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    } finally {
      server.container.connectors.unregister(marketplace);
    }
  });

  it("never signs another account's image that an item names (saved before the rule), and says so", async () => {
    const intruder = await createAccount(server);
    const intruderClient = await signIn(server, intruder);
    const created = await intruderClient.post('/api/account/item', {
      generalDetails: { ...COMPLETE_DETAILS, sku: 'FOREIGN-1' },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;
    // Written as an item saved before saving refused it would hold it.
    const images = [photo.image, created.body.item.generalDetails.images[0]];
    const items = server.container.repositories.items;
    const row = (await items.find(intruder.accountId, intruder.userId, itemId))!;
    await items.updateMany(intruder.accountId, intruder.userId, [
      { ...row, generalDetails: { ...row.generalDetails, images } },
    ]);
    const read = await intruderClient.get(`/api/account/item/${intruder.userId}/${itemId}`);
    expect(read.status, read.text).toBe(200);
    const item = read.body.item;
    expect(item.generalDetails.images[0].id).toBe(photo.image.id);

    const sent = await server.container.services.listingPreviews.composeForConnector(
      intruder.accountId,
      item,
      'sellwild',
    );
    expect(sent.listing.photos[0]).toBe(photo.image.url_l);
    expect(sent.listing.photos.join(' ')).not.toContain('/api/images/public/');
    expect(sent.problems).toContainEqual(
      expect.objectContaining({ code: 'photos.notInAccount', field: 'photos.0' }),
    );
    // The seller's own preview names the problem too, so the listing is never queued.
    const preview = await intruderClient.post(
      `/api/account/item/${intruder.userId}/${itemId}/preview`,
      { marketplaces: ['sellwild'] },
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.previews[0].problems).toContainEqual(
      expect.objectContaining({ code: 'photos.notInAccount', params: expect.anything() }),
    );
    // The account that owns the image still has it signed.
    const own = await server.container.services.listingPreviews.composeForConnector(
      account.accountId,
      item,
      'sellwild',
    );
    expect(own.listing.photos[0]).toMatch(/\/api\/images\/public\//);
  });

  it('serves a signed image to a client with no session, with cache headers and ETags', async () => {
    const url = signer.sign(photo.image.id, 'large');
    const first = await anonymous(server, url);
    expect(first.status).toBe(200);
    expect(first.bytes.length).toBeGreaterThan(1000);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control')!)![1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(86_400);
    const etag = first.headers.get('etag')!;
    expect((await anonymous(server, url, { 'if-none-match': etag })).status).toBe(304);
    // The same picture as the member's session address serves.
    const member = await fetch(`${server.baseUrl}${photo.image.url_l}`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(Buffer.from(await member.arrayBuffer()).equals(first.bytes)).toBe(true);
    expect((await anonymous(server, signer.sign(photo.image.id, 'small'))).status).toBe(200);
    expect((await anonymous(server, signer.sign(photo.image.id, 'original'))).status).toBe(200);
  });

  it('refuses a tampered, expired, missing or other image’s signature with 403 and a reason', async () => {
    const url = signer.sign(photo.image.id, 'large');
    const sig = new URL(url).searchParams.get('sig')!;
    const secret = (
      await fs.readFile(path.join(server.container.config.dataDir, 'auth-secret'), 'utf8')
    ).trim();
    const past = new ImageUrlSigner(imageSigningKey(secret), server.container.publicUrl, {
      now: () => Date.now() - 9 * 86_400_000,
    });
    const refused: [string, string][] = [
      [
        withQuery(url, (q) =>
          q.set('sig', `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`),
        ),
        'changed',
      ],
      [withQuery(url, (q) => q.set('exp', String(Number(q.get('exp')) + 86_400))), 'changed'],
      [url.replace(photo.image.id, other.image.id), 'changed'],
      [url.replace('/large?', '/small?'), 'changed'],
      [withQuery(url, (q) => q.delete('sig')), 'changed'],
      [withQuery(url, (q) => q.delete('exp')), 'changed'],
      [withQuery(url, (q) => q.set('sig', 'x'.repeat(100))), 'changed'],
      [past.sign(photo.image.id, 'large'), 'expired'],
    ];
    for (const [refusedUrl, reason] of refused) {
      const response = await anonymous(server, refusedUrl);
      expect(response.status, refusedUrl).toBe(403);
      expect(JSON.parse(response.bytes.toString()).message).toContain(reason);
    }
    // A session is no substitute for a signature.
    const withSession = await fetch(
      `${server.baseUrl}${new URL(withQuery(url, (q) => q.delete('sig'))).pathname}`,
      { headers: { cookie: owner.cookieHeader } },
    );
    expect(withSession.status).toBe(403);
    // A variant that does not exist is bad input, never a 500.
    const odd = await anonymous(server, url.replace('/large?', '/huge?'));
    expect(odd.status).toBe(400);
  });
});
