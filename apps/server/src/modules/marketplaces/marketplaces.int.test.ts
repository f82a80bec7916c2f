import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';
import { SANDBOX_SHOP } from '../sandbox/sandbox-marketplaces';

const POLICIES = '/api/marketplaces/ebay/business-polices';
const ETSY_PROFILES = '/api/marketplaces/etsy/profiles';
const TAGS = '/api/rest/v1/item/set-shopify-tags-based-on-characteristics';

describe('the marketplace calls of spec §7 (eBay business policies, Shopify)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  let stranger: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { MARKETPLACES: 'sandbox', LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
    await server.container.sandboxConnections!.connectAccount(account.accountId, account.userId);
    stranger = await signIn(server, await createAccount(server));
  });
  afterAll(() => server.close());

  it('answers the seller’s eBay business policies by kind: all, by id, by name', async () => {
    const seeded = server.container.sandbox!.ebay.seededPolicies.EBAY_US!;
    const all = await owner.get(`${POLICIES}/fulfillment/*`);
    expect(all.status, all.text).toBe(200);
    expect(all.body.policies).toEqual([
      expect.objectContaining({
        id: seeded.fulfillment,
        type: 'fulfillment',
        name: 'Standard shipping',
        marketplaceId: 'EBAY_US',
        isDefault: true,
      }),
    ]);
    const byId = await owner.get(`${POLICIES}/PAYMENT/${seeded.payment}`);
    expect(byId.body.policies.map((p: { id: string }) => p.id)).toEqual([seeded.payment]);
    const byName = await owner.get(`${POLICIES}/return/${encodeURIComponent('30-day')}`);
    expect(byName.body.policies.map((p: { name: string }) => p.name)).toEqual(['30-day returns']);
    const none = await owner.get(`${POLICIES}/return/no-such-policy`);
    expect(none.status).toBe(200);
    expect(none.body.policies).toEqual([]);
  });

  it('without an eBay connection: 409 and what to do', async () => {
    const response = await stranger.get(`${POLICIES}/fulfillment/*`);
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Connect your eBay account first.');
    const metafields = await stranger.get('/api/marketplaces/shopify/metafields');
    expect(metafields.status).toBe(409);
    expect(metafields.body.message).toBe('Connect your Shopify account first.');
  });

  it('refuses a policy type eBay does not have', async () => {
    const response = await owner.get(`${POLICIES}/shipping/*`);
    expect(response.status).toBe(400);
  });

  it('answers the seller’s Etsy shipping profiles by their titles, and its processing profiles', async () => {
    const seeded = server.container.sandbox!.etsy.seeded;
    const shipping = await owner.get(`${ETSY_PROFILES}/shipping`);
    expect(shipping.status, shipping.text).toBe(200);
    expect(shipping.body.profiles).toEqual([
      {
        id: String(seeded.shippingProfileId),
        kind: 'shipping',
        name: 'Standard shipping',
        readinessState: null,
        minProcessingDays: null,
        maxProcessingDays: null,
        originCountry: 'US',
      },
      expect.objectContaining({
        id: String(seeded.largeItemsShippingProfileId),
        name: 'Large and fragile items',
      }),
    ]);
    const processing = await owner.get(`${ETSY_PROFILES}/processing`);
    expect(processing.status, processing.text).toBe(200);
    expect(
      processing.body.profiles.map((p: any) => [
        p.id,
        p.readinessState,
        p.minProcessingDays,
        p.maxProcessingDays,
      ]),
    ).toEqual([
      [String(seeded.readinessStateId), 'ready_to_ship', 1, 3],
      [String(seeded.madeToOrderReadinessStateId), 'made_to_order', 5, 10],
    ]);
  });

  it('keeps the Etsy profiles a few minutes rather than asking Etsy on every tab', async () => {
    const etsy = server.container.sandbox!.etsy;
    const shop = etsy.store.shops.get(etsy.seeded.shopId)!;
    const before = await owner.get(`${ETSY_PROFILES}/shipping`);
    shop.shippingProfiles.set(999, {
      shippingProfileId: 999,
      title: 'Made after the first read',
      minProcessingDays: 1,
      maxProcessingDays: 2,
      originCountryIso: 'US',
      originPostalCode: null,
    });
    try {
      const again = await owner.get(`${ETSY_PROFILES}/shipping`);
      expect(again.body.profiles).toEqual(before.body.profiles);
    } finally {
      shop.shippingProfiles.delete(999);
    }
  });

  it('refuses an Etsy profile kind it does not know (400), and answers 409 without an Etsy connection', async () => {
    for (const kind of ['policies', 'SHIPPING', '%3Cscript%3E']) {
      const response = await owner.get(`${ETSY_PROFILES}/${kind}`);
      expect(response.status, `${kind}: ${response.text}`).toBe(400);
      expect(response.body.message.length).toBeGreaterThan(10);
    }
    const unconnected = await stranger.get(`${ETSY_PROFILES}/shipping`);
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toBe(
      'Connect your Etsy account first: ListLoop reads your shop’s profiles through it.',
    );
    // Another account's connection is never read for this one: it sees none until it connects.
    expect(JSON.stringify(unconnected.body)).not.toContain('Standard shipping');
  });

  it('lists and searches the Shopify store’s metafield definitions, a page at a time', async () => {
    const first = await owner.get('/api/marketplaces/shopify/metafields?first=2');
    expect(first.status, first.text).toBe(200);
    expect(first.body.definitions).toHaveLength(2);
    expect(first.body.definitions[0]).toMatchObject({
      namespace: 'custom',
      key: expect.any(String),
      type: expect.any(String),
      ownerType: 'PRODUCT',
    });
    expect(first.body.hasNextPage).toBe(true);
    const next = await owner.get(
      `/api/marketplaces/shopify/metafields?first=2&after=${encodeURIComponent(first.body.endCursor)}`,
    );
    expect(next.body.definitions[0].id).not.toBe(first.body.definitions[0].id);
    const all = await owner.get('/api/marketplaces/shopify/metafields');
    expect(all.body.definitions.map((d: { key: string }) => d.key)).toEqual(
      expect.arrayContaining(['condition', 'size', 'color']),
    );
  });

  it('answers Shopify’s throttle with 503 and the wait its cost bucket needs, in Retry-After', async () => {
    const shopify = server.container.sandbox!.shopify;
    shopify.setThrottleAvailable(0, SANDBOX_SHOP);
    try {
      const throttled = await owner.get('/api/marketplaces/shopify/metafields');
      expect(throttled.status, throttled.text).toBe(503);
      expect(throttled.body.message).toContain('Shopify asked ListLoop to slow down');
      const wait = Number(throttled.headers.get('retry-after'));
      expect(Number.isInteger(wait) && wait >= 1, String(wait)).toBe(true);
    } finally {
      shopify.setThrottleAvailable(2000, SANDBOX_SHOP);
    }
    expect((await owner.get('/api/marketplaces/shopify/metafields')).status).toBe(200);
  });

  it('subscribes the store to the account’s webhooks; a second call finds them there', async () => {
    const shop = server.container.sandbox!.shopify.shop(SANDBOX_SHOP);
    shop.webhookSubscriptions.clear();
    const first = await owner.post('/api/marketplaces/shopify/subscription');
    expect(first.status, first.text).toBe(200);
    // The server's own address (no PUBLIC_URL here), whatever Host the request named.
    expect(first.body).toEqual({
      callbackUrl: `${server.container.publicUrl}/webhook/shopify`,
      topics: ['ORDERS_CREATE'],
      created: ['ORDERS_CREATE'],
      existing: [],
    });
    const again = await owner.post('/api/marketplaces/shopify/subscription');
    expect(again.body).toMatchObject({ created: [], existing: ['ORDERS_CREATE'] });
    expect([...shop.webhookSubscriptions.values()].map((s) => s.topic)).toEqual(['ORDERS_CREATE']);
  });

  it('subscribing needs marketplaces.manage', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const client = await signIn(server, viewer);
    const response = await client.post('/api/marketplaces/shopify/subscription');
    expect(response.status).toBe(403);
  });

  it('offers eBay’s and Etsy’s own categories by words of their names, and names stored ids', async () => {
    const jeans = await owner.get('/api/marketplaces/ebay/categories?q=jeans');
    expect(jeans.status, jeans.text).toBe(200);
    expect(jeans.body).toMatchObject({ marketplace: 'ebay', treeId: '0', treeVersion: '130' });
    expect(jeans.body.categories[0]).toEqual({
      id: '11483',
      name: 'Jeans',
      path: ['Clothing, Shoes & Accessories', 'Men', "Men's Clothing", 'Jeans'],
      leaf: true,
      listable: true,
    });
    const named = await owner.get('/api/marketplaces/ebay/categories?ids=57988,1059');
    expect(named.body.categories.map((c: any) => [c.name, c.listable])).toEqual([
      ['Coats, Jackets & Vests', true],
      ["Men's Clothing", false],
    ]);
    // Etsy's seller taxonomy needs no seller connection: any member reads it.
    const etsy = await stranger.get(
      `/api/marketplaces/etsy/categories?q=${encodeURIComponent('men jeans')}`,
    );
    expect(etsy.status, etsy.text).toBe(200);
    expect(etsy.body.categories[0]).toMatchObject({
      name: 'Jeans',
      path: ['Clothing', "Men's Clothing", 'Pants', 'Jeans'],
      listable: true,
    });
  });

  it('refuses a category request it cannot answer: 400, 409 without eBay, 403 without items.read', async () => {
    for (const path of [
      '/api/marketplaces/ebay/categories',
      '/api/marketplaces/ebay/categories?q=',
      '/api/marketplaces/ebay/categories?q=jeans&limit=0',
      '/api/marketplaces/ebay/categories?ids=1,%3Cscript%3E',
      '/api/marketplaces/poshmark/categories?q=jeans',
      '/api/marketplaces/nowhere/categories?q=jeans',
    ]) {
      const response = await owner.get(path);
      expect(response.status, `${path}: ${response.text}`).toBe(400);
      expect(response.body.message.length).toBeGreaterThan(10);
    }
    const unconnected = await stranger.get('/api/marketplaces/ebay/categories?q=jeans');
    expect(unconnected.status).toBe(409);
    expect(unconnected.body.message).toBe(
      'Connect your eBay account first: ListLoop reads its categories through it.',
    );
    const role = (
      await owner.put('/api/rest/v1/enterprise/roles', {
        name: 'sales only',
        permissions: { 'sales.read': true },
      })
    ).body.data;
    const member = await addMember(server, account, { roleId: role.id });
    const client = await signIn(server, member);
    expect((await client.get('/api/marketplaces/ebay/categories?q=jeans')).status).toBe(403);
  });

  it('derives Shopify tags from each item’s characteristics into its Shopify listing', async () => {
    const created = await owner.post('/api/account/item', {
      generalDetails: {
        title: 'Pendleton flannel',
        brand: 'Pendleton',
        category: 'Clothing > Men > Shirts',
        primaryColor: 'Red Plaid',
        size: 'L',
        condition: 'like_new',
        sku: 'TAG-1',
      },
      listings: { shopify: { tags: ['Brand: Old', 'staff pick'] } },
    });
    expect(created.status, created.text).toBe(201);
    const itemId = created.body.item.itemID as string;

    const response = await owner.patch(TAGS, {
      skus: ['TAG-1'],
      itemIds: ['no-such-item-000000000'],
    });
    expect(response.status, response.text).toBe(200);
    const expected = [
      'staff pick',
      'Brand: Pendleton',
      'Category: Shirts',
      'Color: Red Plaid',
      'Size: L',
      'Condition: Like new',
    ];
    expect(response.body).toEqual({
      updated: 1,
      notFound: ['no-such-item-000000000'],
      items: [{ itemID: itemId, tags: expected }],
    });
    const item = await owner.get(`/api/account/item/${account.userId}/${itemId}`);
    expect(item.body.item.listings.shopify.tags).toEqual(expected);
    expect(item.body.item.listings.shopify.status).toBe('not_listed');

    // The same again changes nothing; plain tags of two characteristics replace nothing of the seller's.
    const again = await owner.patch(TAGS, { itemIds: [itemId] });
    expect(again.body.updated).toBe(0);
    const plain = await owner.patch(TAGS, {
      itemIds: [itemId],
      characteristics: ['brand', 'size'],
      style: 'plain',
    });
    expect(plain.body.items[0].tags).toEqual([...expected, 'Pendleton', 'L']);
  });

  it('refuses a tag request naming no item', async () => {
    const response = await owner.patch(TAGS, { itemIds: [] });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/item ids or SKUs/);
  });
});
