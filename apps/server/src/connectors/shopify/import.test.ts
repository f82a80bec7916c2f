import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BuiltListingSchema, composeListing, GeneralDetailsSchema } from '@listloop/domain';
import type { RunningEmulator, ShopifyEmulator } from '@listloop/emulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createGuardedFetcher,
  trustOrigins,
  type GuardedFetcher,
} from '../../platform/net/guarded-fetch';
import { ConnectorError } from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { closeExpectingNoViolations } from '../shared/testing/emulators';
import { JPEG, PNG, PNG_PHOTO, JPEG_PHOTO, TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import { connectorInput, testItem } from '../shared/testing/items';
import type { ProviderConnectionAuth } from '../shared/testing/provider-connection-auth';
import { SHOP, shopifyTestConnector, startShopifyHarness } from '../shared/testing/shopify-harness';
import {
  SHOPIFY_IMPORT_PAGE_MAX,
  type ShopifyConnector,
  type ShopifyConnectorOptions,
} from './connector';
import { buildProductSetInput } from './mapper';

/** Where ListLoop's own photos live when it publishes (Shopify copies them from here). */
async function startPhotoHost(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/photo.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('Shopify connector: the seller’s existing products (import on connect)', () => {
  let emulator: ShopifyEmulator;
  let running: RunningEmulator;
  let photoHost: Awaited<ReturnType<typeof startPhotoHost>>;
  let auth: ProviderConnectionAuth;
  let connector: ShopifyConnector;
  let calls: MarketplaceCall[];

  /** Downloads from the emulator and the photo host, both on 127.0.0.1. */
  let photoFetcher: GuardedFetcher;

  const makeConnector = (extra: Partial<ShopifyConnectorOptions> = {}) =>
    shopifyTestConnector(
      { emulator, auth },
      { onCall: (call) => calls.push(call), photoFetcher, ...extra },
    );

  const readAll = async (from: ShopifyConnector) => {
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await from.fetchListings!(SCOPE, cursor);
      pages.push(page);
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 50);
    return pages;
  };

  beforeAll(async () => {
    photoHost = await startPhotoHost();
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => photoHost.server.close(() => resolve()));
  });

  beforeEach(async () => {
    ({ emulator, running, auth } = await startShopifyHarness());
    photoFetcher = createGuardedFetcher({
      trusts: trustOrigins([emulator.baseUrl, photoHost.url]),
    });
    calls = [];
    connector = makeConnector();
  });

  afterEach(async () => {
    await photoFetcher.close();
    await closeExpectingNoViolations(emulator, running);
  });

  it('reads every product a page at a time, in ListLoop’s terms, with photos to download', async () => {
    const coat = emulator.addExistingProduct({
      shop: SHOP,
      title: 'Barbour wax jacket',
      descriptionHtml: '<p>Waxed cotton, <strong>tartan</strong> lining.</p><p>Fits like a M.</p>',
      vendor: 'Barbour',
      productType: 'Jackets',
      tags: ['Condition: Good', 'outerwear'],
      variants: [
        { sku: 'BAR-001', price: '120', quantity: 2, options: { Size: 'M', Color: 'Olive' } },
        { sku: 'BAR-002', price: '125', quantity: 1, options: { Size: 'L', Color: 'Olive' } },
      ],
      photos: [JPEG_PHOTO, PNG_PHOTO],
    });
    const draft = emulator.addExistingProduct({
      shop: SHOP,
      title: 'Silk scarf',
      descriptionHtml: 'Hand-rolled edges.',
      status: 'DRAFT',
      variants: [{ price: 15.5, quantity: 1 }],
      photos: [PNG_PHOTO],
    });
    const hat = emulator.addExistingProduct({
      shop: SHOP,
      title: 'Tweed cap',
      status: 'ARCHIVED',
      published: false,
      variants: [{ sku: 'CAP-9', price: 20, quantity: 0 }],
    });
    const shopUrl = emulator.shopBaseUrl(SHOP);

    const importer = makeConnector({ importPageSize: 2 });
    const pages = await readAll(importer);
    expect(pages.map((p) => p.listings.length)).toEqual([2, 1]);
    expect(pages[0]!.nextCursor).toEqual(expect.any(String));
    expect(pages[1]!.nextCursor).toBeNull();
    // One call a page: the products and the shop's URL come together.
    expect(calls.map((c) => c.status)).toEqual([200, 200]);

    const [jacket, scarf, cap] = pages.flatMap((p) => p.listings);
    expect(jacket).toEqual({
      listedID: coat,
      listingURL: `${shopUrl}/products/barbour-wax-jacket`,
      sku: 'BAR-001',
      state: 'active',
      title: 'Barbour wax jacket',
      description: 'Waxed cotton, tartan lining.\n\nFits like a M.',
      price: 120,
      quantity: 2,
      brand: 'Barbour',
      condition: 'good',
      primaryColor: 'Olive',
      size: 'M',
      photoUrls: [expect.any(String), expect.any(String)],
      listingFields: { category: 'Jackets', tags: ['Condition: Good', 'outerwear'] },
    });
    expect(scarf).toMatchObject({
      listedID: draft,
      listingURL: `${shopUrl}/products/silk-scarf`,
      sku: null,
      state: 'inactive',
      description: 'Hand-rolled edges.',
      price: 15.5,
      quantity: 1,
      brand: null,
      condition: null,
      primaryColor: null,
      size: null,
      photoUrls: [expect.any(String)],
    });
    expect(cap).toMatchObject({ listedID: hat, sku: 'CAP-9', state: 'inactive', photoUrls: [] });
    // Neither a product type nor tags: nothing beyond the general details.
    expect(scarf!.listingFields).toBeUndefined();
    // Kept as the item's Shopify listing, an update sends the product type and tags again.
    const { listing: built } = composeListing({
      item: {
        generalDetails: GeneralDetailsSchema.parse({ title: jacket!.title }),
        listings: { shopify: jacket!.listingFields },
      },
      marketplace: 'shopify',
    });
    expect(buildProductSetInput({ built, sku: 'BAR-001' })).toMatchObject({
      productType: 'Jackets',
      tags: ['Condition: Good', 'outerwear'],
    });

    const photos = await Promise.all(
      [...jacket!.photoUrls, ...scarf!.photoUrls].map((url) => importer.fetchPhoto!(url)),
    );
    expect(photos.map((p) => p.contentType)).toEqual(['image/jpeg', 'image/png', 'image/png']);
    expect(photos.map((p) => p.bytes)).toEqual([JPEG, PNG, PNG]);
    // Photos come from Shopify's CDN, not its Admin API.
    expect(calls).toHaveLength(2);
  });

  it('reads back what ListLoop published, with the IDs and URL publishing stored', async () => {
    const item = testItem({ title: 'Levi’s 501 jeans' }, { itemID: 'Item00000000000000000001' });
    const input = connectorInput(
      item,
      BuiltListingSchema.parse({
        marketplace: 'shopify',
        title: 'Levi’s 501 jeans',
        description: 'Classic straight fit.\n\nBarely worn & soft.',
        price: 45,
        currency: 'USD',
        quantity: 2,
        brand: 'Levi’s',
        size: '32x32',
        colour: 'Blue',
        photos: [`${photoHost.url}/photo.jpg`],
        tags: ['Condition: Like new'],
      }),
    );
    const published = await connector.publish(input);
    const [page] = await readAll(connector);
    expect(page!.listings).toEqual([
      {
        listedID: published.listedID,
        listingURL: published.listingURL,
        sku: item.itemID,
        state: 'active',
        title: 'Levi’s 501 jeans',
        description: 'Classic straight fit.\n\nBarely worn & soft.',
        price: 45,
        quantity: 2,
        brand: 'Levi’s',
        condition: 'like_new',
        primaryColor: 'Blue',
        size: '32x32',
        photoUrls: [expect.stringMatching(/\/s\/files\//)],
        listingFields: { tags: ['Condition: Like new'] },
      },
    ]);
    // Shopify copied the photo to its CDN: the copy downloads with the original's bytes.
    const photo = await connector.fetchPhoto!(page!.listings[0]!.photoUrls[0]!);
    expect(photo).toEqual(JPEG_PHOTO);
  });

  it('answers an empty shop with one empty page', async () => {
    expect(await connector.fetchListings!(SCOPE, null)).toEqual({ listings: [], nextCursor: null });
  });

  it('reads 10 a page by default, and at most as many as fit the cost limit of one query', async () => {
    for (let n = 1; n <= 20; n += 1) {
      emulator.addExistingProduct({ shop: SHOP, title: `Tee ${n}`, variants: [{ price: 5 }] });
    }
    expect((await connector.fetchListings!(SCOPE, null)).listings).toHaveLength(10);
    const greedy = makeConnector({ importPageSize: 500 });
    const first = await greedy.fetchListings!(SCOPE, null);
    expect(first.listings).toHaveLength(SHOPIFY_IMPORT_PAGE_MAX);
    // 553 + 993 points so far: the bucket (2,000) takes no third page before it refills.
    emulator.setThrottleAvailable(2000, SHOP);
    const rest = await greedy.fetchListings!(SCOPE, first.nextCursor);
    expect(rest).toEqual({ listings: [expect.any(Object), expect.any(Object)], nextCursor: null });
    expect(rest.listings.map((l) => l.title)).toEqual(['Tee 19', 'Tee 20']);
  });

  it('takes a 429 or a 5xx while reading as transient, and goes on from the same cursor', async () => {
    emulator.addExistingProduct({ shop: SHOP, title: 'One', variants: [{ price: 1 }] });
    emulator.addExistingProduct({ shop: SHOP, title: 'Two', variants: [{ price: 2 }] });
    const importer = makeConnector({ importPageSize: 1 });
    const first = await importer.fetchListings!(SCOPE, null);

    emulator.injectFault({ kind: 'rate-limit', retryAfterSeconds: 4 });
    const limited = await importer.fetchListings!(SCOPE, first.nextCursor).catch((e) => e);
    expect(limited).toBeInstanceOf(ConnectorError);
    expect(limited).toMatchObject({ transient: true, retryAfterSeconds: 4 });

    emulator.injectFault({ kind: 'server-error', status: 502, count: 1 });
    const down = await importer.fetchListings!(SCOPE, first.nextCursor).catch((e) => e);
    expect(down).toBeInstanceOf(ConnectorError);
    expect(down.transient).toBe(true);

    emulator.setThrottleAvailable(0, SHOP);
    const throttled = await importer.fetchListings!(SCOPE, first.nextCursor).catch((e) => e);
    expect(throttled).toMatchObject({ transient: true });
    expect(throttled.retryAfterSeconds).toBeGreaterThanOrEqual(1);

    emulator.setThrottleAvailable(2000, SHOP);
    const second = await importer.fetchListings!(SCOPE, first.nextCursor);
    expect(second.listings.map((l) => l.title)).toEqual(['Two']);
    expect(second.nextCursor).toBeNull();
  });

  it('renews an expired token once and reads on', async () => {
    emulator.addExistingProduct({ shop: SHOP, title: 'One', variants: [{ price: 1 }] });
    emulator.expireTokens(SHOP);
    const page = await connector.fetchListings!(SCOPE, null);
    expect(page.listings).toHaveLength(1);
    expect(auth.refreshes).toBe(1);
  });

  it('fails permanently on a photo that is gone, or not a web address', async () => {
    const gone = await connector.fetchPhoto!(`${emulator.baseUrl}/s/files/p999999`).catch((e) => e);
    expect(gone).toBeInstanceOf(ConnectorError);
    expect(gone.transient).toBe(false);
    expect(gone.message).toBe(
      'ListLoop could not download a photo from Shopify: the answer was 404.',
    );
    const odd = await connector.fetchPhoto!('file:///etc/passwd').catch((e) => e);
    expect(odd).toBeInstanceOf(ConnectorError);
    expect(odd.transient).toBe(false);
  });

  it('downloads from the public internet only in live mode (no trusted origin)', async () => {
    const guard = createGuardedFetcher();
    const live = makeConnector({ photoFetcher: guard });
    const photo = `${emulator.baseUrl}/s/files/p1`;
    expect(new URL(photo).hostname).toBe('127.0.0.1');
    try {
      for (const url of [photo, photo.replace('http:', 'https:')]) {
        const refused = await live.fetchPhoto!(url).catch((e) => e);
        expect(refused).toBeInstanceOf(ConnectorError);
        expect(refused.transient).toBe(false);
        expect(refused.message).toBe(
          'ListLoop could not download a photo from Shopify: 127.0.0.1 is a private network address, and ListLoop downloads photos only from the public internet.',
        );
      }
    } finally {
      await guard.close();
    }
  });
});
