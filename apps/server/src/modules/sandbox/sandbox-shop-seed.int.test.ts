import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceImport } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { createContainer, type Container } from '../../container';
import type { ConnectorExistingListing } from '../../connectors/contract';
import { demoItems, demoShopCatalogue } from '../../seed/demo-catalogue';
import {
  sandboxEbayListings,
  SANDBOX_ETSY_LISTINGS,
  SANDBOX_SHOPIFY_PRODUCTS,
} from './sandbox-shop-seed';

const IMPORT = '/api/rest/v1/enterprise/marketplace-import';
const SANDBOX_EBAY_LISTINGS = sandboxEbayListings(demoShopCatalogue());
const SOURCES = ['ebay', 'etsy', 'shopify'] as const;
type Source = (typeof SOURCES)[number];

/** What each emulator was seeded with: title, SKU (null on Etsy's without one), on sale or not. */
const EXPECTED: Record<Source, { title: string; sku: string | null; state: string }[]> = {
  ebay: SANDBOX_EBAY_LISTINGS.map((l) => ({
    title: l.title,
    sku: l.sku,
    state: l.active === false ? 'inactive' : 'active',
  })),
  etsy: SANDBOX_ETSY_LISTINGS.map((l) => ({
    title: l.title,
    sku: l.sku ?? null,
    state: (l.state ?? 'active') === 'active' ? 'active' : 'inactive',
  })),
  shopify: SANDBOX_SHOPIFY_PRODUCTS.map((p) => ({
    title: p.title,
    sku: p.variants[0]!.sku ?? null,
    state: (p.status ?? 'ACTIVE') === 'ACTIVE' ? 'active' : 'inactive',
  })),
};

const byTitle = <T extends { title: string }>(list: T[]) =>
  [...list].sort((a, b) => a.title.localeCompare(b.title));

describe('sandbox mode: the seller’s shops before ListLoop, for the import on connect', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let connections: Record<string, string>;
  const firstStart: Partial<Record<Source, string[]>> = {};

  const scope = (marketplace: Source) => ({
    accountId: account.accountId,
    userId: account.userId,
    connectionId: connections[marketplace]!,
  });

  /** Every page of a connection's existing listings, as the import reads them. */
  async function listingsOf(container: Container, marketplace: Source) {
    const connector = container.connectors.get(marketplace)!;
    const listings: ConnectorExistingListing[] = [];
    let cursor: string | null = null;
    do {
      const page = await connector.fetchListings!(scope(marketplace), cursor);
      listings.push(...page.listings);
      cursor = page.nextCursor;
    } while (cursor !== null);
    return listings;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    connections = await server.container.sandboxConnections!.connectAccount(
      account.accountId,
      account.userId,
    );
  });
  afterAll(() => server.close());

  it.each(SOURCES)('%s holds the seeded listings, their photos served', async (marketplace) => {
    const connector = server.container.connectors.get(marketplace)!;
    const listings = await listingsOf(server.container, marketplace);
    expect(byTitle(listings.map(({ title, sku, state }) => ({ title, sku, state })))).toEqual(
      byTitle(EXPECTED[marketplace]),
    );
    firstStart[marketplace] = listings.map((l) => l.listedID);

    const seeds = [...SANDBOX_EBAY_LISTINGS, ...SANDBOX_ETSY_LISTINGS, ...SANDBOX_SHOPIFY_PRODUCTS];
    for (const listing of listings) {
      const seeded = seeds.find((s) => s.title === listing.title)!;
      expect(listing.photoUrls, listing.title).toHaveLength(seeded.photos.length);
      for (const url of listing.photoUrls) {
        // As the import downloads it (in-process), and as a browser opens it on this server.
        const photo = await connector.fetchPhoto!(url);
        expect(photo.contentType).toBe('image/jpeg');
        expect(photo.bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
        const served = await fetch(`${server.baseUrl}${new URL(url).pathname}`);
        expect(served.status, url).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/jpeg');
        await served.arrayBuffer();
      }
    }
  });

  it('the seeded eBay listings read back as sellers list them: condition, brand, size, price', async () => {
    const listings = await listingsOf(server.container, 'ebay');
    const seeded = server.container.sandbox!.seededShops.ebay;
    for (const listing of listings) {
      const made = seeded.find((s) => s.sku === listing.sku)!;
      // A live listing is known by its eBay listing id; the unpublished one by its SKU.
      expect(listing.listedID).toBe(made.listingId ?? made.sku);
    }
    expect(listings.find((l) => l.sku === 'EB-BOOT-0932')).toMatchObject({
      brand: 'Red Wing',
      primaryColor: 'Brown',
      size: '10',
      price: 165,
      condition: 'like_new',
      quantity: 1,
    });
    // The demo inventory's first item, listed on eBay before ListLoop: the same details.
    const demo = demoItems(1)[0]!.generalDetails;
    expect(listings.find((l) => l.sku === demo.sku)).toMatchObject({
      title: demo.title,
      brand: demo.brand,
      size: demo.size,
      price: demo.price,
      condition: demo.condition,
      state: 'active',
    });
  });

  it('importing the eBay shop links the listing whose SKU the inventory has, and makes the rest', async () => {
    const demo = demoItems(1)[0]!.generalDetails;
    const created = await owner.post('/api/account/item', {
      generalDetails: { title: demo.title, sku: demo.sku, price: demo.price },
    });
    expect(created.status, created.text).toBe(201);
    const started = await owner.post(IMPORT, { connectionId: connections.ebay });
    expect(started.status, started.text).toBe(202);
    const importId = (started.body as MarketplaceImport).importId;
    let done: MarketplaceImport;
    const deadline = Date.now() + 30_000;
    for (;;) {
      done = (await owner.get(`${IMPORT}/${importId}`)).body as MarketplaceImport;
      if (done.status === 'done' || done.status === 'failed') break;
      if (Date.now() > deadline) throw new Error(`import still ${done.status}`);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(done).toMatchObject({
      status: 'done',
      problems: [],
      seenListings: SANDBOX_EBAY_LISTINGS.length,
      linkedItems: 1,
      createdItems: SANDBOX_EBAY_LISTINGS.length - 1,
    });
    expect(done.photosImported).toBe(
      SANDBOX_EBAY_LISTINGS.filter((l) => l.sku !== demo.sku).flatMap((l) => l.photos).length,
    );
  });

  it('a reset of the emulators seeds them again: eBay and Etsy under the same ids', async () => {
    // In process: the emulators' control surface is not on the web.
    for (const marketplace of SOURCES) server.container.sandbox![marketplace].server.reset();
    // The reset forgot the tokens too: the restart path gives the connections new ones.
    expect(await server.container.sandboxConnections!.restore()).toBe(4);
    for (const marketplace of SOURCES) {
      const listings = await listingsOf(server.container, marketplace);
      expect(byTitle(listings.map(({ title, sku, state }) => ({ title, sku, state })))).toEqual(
        byTitle(EXPECTED[marketplace]),
      );
      // Shopify's id counter is the emulator's own, not reset: its products get new GIDs.
      if (marketplace !== 'shopify') {
        expect(listings.map((l) => l.listedID)).toEqual(firstStart[marketplace]);
      }
      for (const url of listings.flatMap((l) => l.photoUrls)) {
        const photo = await server.container.connectors.get(marketplace)!.fetchPhoto!(url);
        expect(photo.bytes.length).toBeGreaterThan(0);
      }
    }
  });

  it('a new server process on the same database seeds the same listings under the same ids', async () => {
    const restarted = await createContainer(server.container.config, {
      database: server.container.database,
      logger: pino({ level: 'silent' }),
      queue: { schedule: false },
    });
    try {
      expect(restarted.sandbox).not.toBe(server.container.sandbox);
      for (const marketplace of SOURCES) {
        const listings = await listingsOf(restarted, marketplace);
        expect(listings.map((l) => l.listedID)).toEqual(firstStart[marketplace]);
      }
    } finally {
      await restarted.close();
    }
    // The first server's connections now hold the new process's tokens: reconnect them here.
    expect(await server.container.sandboxConnections!.restore()).toBe(4);
  });
});
