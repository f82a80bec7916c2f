import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceImport } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { makeJpeg, makePng } from '../../../test/images';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const BASE = '/api/rest/v1/enterprise/marketplace-import';

interface ItemRow {
  id: string;
  general_details: {
    title: string;
    sku: string;
    price: number | null;
    quantity: number;
    brand: string;
    condition: string | null;
    size: string;
    primaryColor: string | null;
    images: { id: string; url: string }[];
  };
  listings: Record<
    string,
    { status: string; listedID: string | null; listingURL: string | null; marketplaceSku?: string }
  >;
}

async function waitForImport(client: TestClient, importId: string): Promise<MarketplaceImport> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await client.get(`${BASE}/${importId}`);
    expect(response.status, response.text).toBe(200);
    const current = response.body as MarketplaceImport;
    if (current.status === 'done' || current.status === 'failed') return current;
    if (Date.now() > deadline) throw new Error(`import still ${current.status}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('import on connect: existing eBay, Etsy and Shopify listings become items', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let connections: Record<string, string>;
  let sharedItemId: string;
  const itemsOf = (accountId: string) =>
    queryRows<ItemRow>(
      server,
      sql`SELECT id, general_details, listings FROM items WHERE account_id = ${accountId} ORDER BY id`,
    );
  const bySku = (rows: ItemRow[], sku: string) => rows.filter((r) => r.general_details.sku === sku);

  const runImport = async (connectionId: string) => {
    const started = await owner.post(BASE, { connectionId });
    expect(started.status, started.text).toBe(202);
    return waitForImport(owner, (started.body as MarketplaceImport).importId);
  };

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    connections = await server.container.sandboxConnections!.connectAccount(
      account.accountId,
      account.userId,
    );
    const sandbox = server.container.sandbox!;
    const jpeg = await makeJpeg({ width: 640, height: 480 });
    const png = await makePng({ width: 300, height: 300 });

    // An item the seller already has in ListLoop, under the SKU one of the eBay listings has.
    const created = await owner.post('/api/account/item', {
      generalDetails: { title: 'Pentax K1000 with 50mm lens', sku: 'IMP-SHARED-1', price: 180 },
    });
    expect(created.status, created.text).toBe(201);
    sharedItemId = (created.body as { item: { itemID: string } }).item.itemID;

    sandbox.ebay.addExistingListing({
      sku: 'IMP-EB-1',
      title: 'Dr. Martens 1460 boots, cherry red, UK 9',
      description: 'Worn a handful of times, no scuffs.',
      price: 95,
      quantity: 1,
      condition: 'USED_EXCELLENT',
      brand: 'Dr. Martens',
      color: 'Red',
      size: '9',
      photos: [
        { bytes: jpeg, contentType: 'image/jpeg' },
        { bytes: png, contentType: 'image/png' },
      ],
    });
    sandbox.ebay.addExistingListing({
      sku: 'IMP-EB-2',
      title: 'Levi’s 501 jeans 32x32',
      description: 'Classic fit.',
      price: 40,
      quantity: 2,
      condition: 'USED_GOOD',
      photos: [{ bytes: jpeg, contentType: 'image/jpeg' }],
      active: false,
    });
    sandbox.ebay.addExistingListing({
      sku: 'IMP-SHARED-1',
      title: 'Pentax K1000 35mm film camera',
      description: 'Light seals replaced.',
      price: 175,
      quantity: 1,
      condition: 'USED_VERY_GOOD',
      photos: [{ bytes: jpeg, contentType: 'image/jpeg' }],
    });
    sandbox.etsy.addExistingListing({
      title: 'Hand-thrown stoneware mug',
      description: 'Speckled glaze, holds 350 ml.',
      price: 28,
      quantity: 3,
      sku: 'IMP-ET-1',
      photos: [{ bytes: jpeg, contentType: 'image/jpeg' }],
    });
    sandbox.shopify.addExistingProduct({
      title: 'Wool overshirt',
      descriptionHtml: '<p>Heavy <strong>wool</strong> overshirt.</p>',
      vendor: 'Portuguese Flannel',
      variants: [{ sku: 'IMP-SH-1', price: '120.00', quantity: 2, options: { Size: 'L' } }],
      photos: [{ bytes: jpeg, contentType: 'image/jpeg' }],
    });
  });
  afterAll(() => server.close());

  it('imports eBay listings with their photos, and links the one whose SKU the inventory has', async () => {
    const before = await itemsOf(account.accountId);
    const done = await runImport(connections.ebay!);
    expect(done).toMatchObject({ status: 'done', marketplace: 'ebay', failureReason: null });
    expect(done.problems).toEqual([]);
    expect(done.linkedItems).toBe(1);
    expect(done.createdItems).toBe(done.seenListings - 1);
    expect(done.photosImported).toBeGreaterThanOrEqual(3);

    const rows = await itemsOf(account.accountId);
    expect(rows.length).toBe(before.length + done.createdItems);
    const [boots] = bySku(rows, 'IMP-EB-1');
    expect(boots!.general_details).toMatchObject({
      title: 'Dr. Martens 1460 boots, cherry red, UK 9',
      price: 95,
      quantity: 1,
      brand: 'Dr. Martens',
      condition: 'like_new',
      primaryColor: 'Red',
      size: '9',
    });
    expect(boots!.general_details.images).toHaveLength(2);
    expect(boots!.listings.ebay).toMatchObject({ status: 'listed', marketplaceSku: 'IMP-EB-1' });
    expect(boots!.listings.ebay!.listedID).toBeTruthy();
    expect(boots!.listings.ebay!.listingURL).toContain('/itm/');
    // The photos are the account's images: served to the seller like an upload.
    const photo = await owner.get(
      new URL(boots!.general_details.images[0]!.url, server.baseUrl).pathname,
    );
    expect(photo.status).toBe(200);

    const [jeans] = bySku(rows, 'IMP-EB-2');
    expect(jeans!.listings.ebay).toMatchObject({ status: 'delisted' });

    // The camera the seller already had: linked, its own details kept, no second item.
    const cameras = bySku(rows, 'IMP-SHARED-1');
    expect(cameras).toHaveLength(1);
    expect(cameras[0]!.id).toBe(sharedItemId);
    expect(cameras[0]!.general_details.title).toBe('Pentax K1000 with 50mm lens');
    expect(cameras[0]!.listings.ebay).toMatchObject({
      status: 'listed',
      marketplaceSku: 'IMP-SHARED-1',
    });
  });

  it('importing again duplicates nothing: every listing is already there', async () => {
    const before = await itemsOf(account.accountId);
    const again = await runImport(connections.ebay!);
    expect(again).toMatchObject({ status: 'done', createdItems: 0, linkedItems: 0 });
    expect(again.unchangedItems).toBe(again.seenListings);
    expect(await itemsOf(account.accountId)).toHaveLength(before.length);
  });

  it('imports an Etsy shop and a Shopify store (PUT shopify/bulk/shop)', async () => {
    const etsy = await runImport(connections.etsy!);
    expect(etsy).toMatchObject({ status: 'done', marketplace: 'etsy' });
    const shop = await owner.put('/api/rest/v1/enterprise/shopify/bulk/shop', {});
    expect(shop.status, shop.text).toBe(202);
    const shopify = await waitForImport(owner, (shop.body as MarketplaceImport).importId);
    expect(shopify).toMatchObject({ status: 'done', marketplace: 'shopify' });

    const rows = await itemsOf(account.accountId);
    const [mug] = bySku(rows, 'IMP-ET-1');
    expect(mug!.general_details).toMatchObject({ title: 'Hand-thrown stoneware mug', price: 28 });
    expect(mug!.general_details.images).toHaveLength(1);
    expect(mug!.listings.etsy).toMatchObject({ status: 'listed' });
    const [shirt] = bySku(rows, 'IMP-SH-1');
    expect(shirt!.general_details).toMatchObject({
      title: 'Wool overshirt',
      brand: 'Portuguese Flannel',
      price: 120,
      quantity: 2,
      size: 'L',
    });
    expect(shirt!.general_details.images).toHaveLength(1);
    expect(shirt!.listings.shopify!.listedID).toMatch(/^gid:\/\/shopify\/Product\//);

    const latest = await owner.get(BASE);
    expect(latest.status).toBe(200);
    const imports = (latest.body as { imports: MarketplaceImport[] }).imports;
    expect(imports.map((i) => i.marketplace).sort()).toEqual(['ebay', 'etsy', 'shopify']);
  });

  it('a marketplace refusal fails the import with its words; starting again carries it on', async () => {
    const sandbox = server.container.sandbox!;
    sandbox.ebay.faults.inject({
      kind: 'server-error',
      status: 400,
      operationId: 'getInventoryItems',
    });
    const started = await owner.post(BASE, { connectionId: connections.ebay });
    expect(started.status, started.text).toBe(202);
    const failed = await waitForImport(owner, (started.body as MarketplaceImport).importId);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBeTruthy();

    const resumed = await owner.post(BASE, { connectionId: connections.ebay });
    expect(resumed.status, resumed.text).toBe(202);
    expect((resumed.body as MarketplaceImport).importId).toBe(failed.importId);
    const done = await waitForImport(owner, failed.importId);
    expect(done).toMatchObject({ status: 'done', createdItems: 0, failureReason: null });
  });

  it('a job for a page already done changes nothing', async () => {
    const latest = (await owner.get(BASE)).body as { imports: MarketplaceImport[] };
    const ebay = latest.imports.find((i) => i.marketplace === 'ebay')!;
    const before = await itemsOf(account.accountId);
    await server.container.services.marketplaceImports.run(
      { importId: ebay.importId, accountId: account.accountId, page: 0, run: 2 },
      { retryCount: 0, retryLimit: 5, logger: server.container.logger },
    );
    expect(await itemsOf(account.accountId)).toEqual(before);
    expect((await owner.get(`${BASE}/${ebay.importId}`)).body).toEqual(ebay);
  });

  it('refuses what cannot be imported, with a reason, and changes nothing', async () => {
    const empty = await owner.post(BASE, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/connection/i);
    const depop = await owner.post(BASE, { connectionId: connections.depop });
    expect(depop.status).toBe(400);
    expect(depop.body.message).toMatch(/Depop listings cannot be imported/);
    const unknown = await owner.post(BASE, { connectionId: 'no-such-connection-xx' });
    expect(unknown.status).toBe(404);
    const missing = await owner.get(`${BASE}/no-such-import-000000000`);
    expect(missing.status).toBe(404);
    const extra = await owner.put('/api/rest/v1/enterprise/shopify/bulk/shop', { shop: 'x' });
    expect(extra.status).toBe(400);
  });

  it('another account sees none of it: 404 for its imports and connections', async () => {
    const other = await createAccount(server);
    const stranger = await signIn(server, other);
    const latest = (await owner.get(BASE)).body as { imports: MarketplaceImport[] };
    for (const known of latest.imports) {
      expect((await stranger.get(`${BASE}/${known.importId}`)).status).toBe(404);
      const start = await stranger.post(BASE, { connectionId: known.connectionId });
      expect(start.status).toBe(404);
    }
    expect(((await stranger.get(BASE)).body as { imports: unknown[] }).imports).toEqual([]);
    const shop = await stranger.put('/api/rest/v1/enterprise/shopify/bulk/shop', {});
    expect(shop.status).toBe(404);
  });
});
