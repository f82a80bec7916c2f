import { AccountConfigSchema, BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import {
  shopifyDocumentProblems,
  type RunningEmulator,
  type ShopifyEmulator,
} from '@listloop/emulators';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ConnectorError,
  type ConnectorListingInput,
  OAuthRefusedError,
  type OAuthProvider,
} from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { closeExpectingNoViolations } from '../shared/testing/emulators';
import { JPEG_PHOTO, TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import { connectorInput, importedListing, nextItemID, testItem } from '../shared/testing/items';
import type { ProviderConnectionAuth } from '../shared/testing/provider-connection-auth';
import {
  SHOP,
  SHOPIFY_APP as APP,
  SHOPIFY_CALLBACK as CALLBACK,
  SHOPIFY_RECONNECT as RECONNECT,
  shopifyTestConnector,
  startShopifyHarness,
} from '../shared/testing/shopify-harness';
import { startWebhookReceiver, type WebhookReceiver } from '../shared/testing/webhook-receiver';
import { SHOPIFY_API_VERSION } from './client';
import {
  createShopifyConnector,
  shopifyWebhookTopics,
  shopifyWebhookUrl,
  type ShopifyConnector,
  type ShopifyConnectorOptions,
} from './connector';
import * as documents from './documents';
import type { ShopifyMetafieldValue } from './mapper';
import { SHOPIFY_SCOPES } from './oauth';
import { ShopifyWebhookSignatureError } from './webhook';

function listingInput(
  overrides: Partial<BuiltListingInput> & { itemID?: string } = {},
): ConnectorListingInput {
  const { itemID, ...builtOverrides } = overrides;
  const item = testItem(
    {
      title: 'Levi’s 501 jeans',
      brand: 'Levi’s',
      condition: 'good',
      size: '32x32',
      primaryColor: 'Blue',
      category: 'Clothing > Jeans',
      notes: 'Front pocket has a small mark.',
    },
    { itemID: itemID ?? nextItemID('Item') },
  );
  const built = BuiltListingSchema.parse({
    marketplace: 'shopify',
    title: 'Levi’s 501 jeans, blue, 32x32',
    description: 'Classic straight fit.\n\nBarely worn.',
    price: 45,
    currency: 'USD',
    quantity: 2,
    brand: 'Levi’s',
    category: 'Clothing > Jeans',
    size: '32x32',
    colour: 'Blue',
    photos: ['https://images.listloop.test/1.jpg', '/api/images/2.jpg'],
    tags: ['Brand: Levi’s', 'denim'],
    ...builtOverrides,
  });
  return connectorInput(item, built);
}

describe('Shopify connector documents', () => {
  it('each fits the Admin API schema of the operations used', () => {
    for (const [name, document] of Object.entries(documents)) {
      expect(shopifyDocumentProblems(document), name).toEqual([]);
    }
  });
});

describe('Shopify connector against the Shopify emulator', () => {
  let emulator: ShopifyEmulator;
  let running: RunningEmulator;
  let receiver: WebhookReceiver;
  let provider: OAuthProvider;
  let auth: ProviderConnectionAuth;
  let connector: ShopifyConnector;
  let calls: MarketplaceCall[];
  let metafields: ShopifyMetafieldValue[];

  const makeConnector = (extra: Partial<ShopifyConnectorOptions> = {}) =>
    shopifyTestConnector(
      { emulator, auth },
      { onCall: (call) => calls.push(call), metafields: () => metafields, ...extra },
    );

  const variantOf = (productId: string) => {
    const shop = emulator.shop(SHOP);
    const product = shop.products.get(productId)!;
    return { shop, product, variant: shop.variants.get(product.variantIds[0]!)! };
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });

  afterAll(async () => {
    await receiver.close();
  });

  beforeEach(async () => {
    ({ emulator, running, provider, auth } = await startShopifyHarness());
    receiver.received.length = 0;
    calls = [];
    metafields = [];
    connector = makeConnector();
  });

  afterEach(async () => {
    await closeExpectingNoViolations(emulator, running);
  });

  it('connects by OAuth: an expiring offline token with a refresh token, for the shop', () => {
    expect(auth.tokens.accessToken).toMatch(/^shpat_/);
    expect(auth.tokens.refreshToken).toMatch(/^shprt_/);
    expect(auth.tokens.externalAccountId).toBe(SHOP);
    expect(auth.tokens.scope).toBe(SHOPIFY_SCOPES.join(','));
    expect(auth.tokens.expiresAt! - Date.now()).toBeGreaterThan(3500_000);
    expect(auth.tokens.refreshTokenExpiresAt).not.toBeNull();
  });

  it('refuses a code used twice, as Shopify does', async () => {
    const authorize = provider.authorizeUrl({
      state: 's',
      redirectUri: CALLBACK,
      codeChallenge: null,
      extra: { shop: SHOP },
    });
    const back = new URL((await fetch(authorize, { redirect: 'manual' })).headers.get('location')!);
    const code = back.searchParams.get('code')!;
    await provider.exchangeCode({
      code,
      redirectUri: CALLBACK,
      codeVerifier: null,
      extra: { shop: SHOP },
    });
    await expect(
      provider.exchangeCode({
        code,
        redirectUri: CALLBACK,
        codeVerifier: null,
        extra: { shop: SHOP },
      }),
    ).rejects.toThrow(OAuthRefusedError);
  });

  it('publishes: a product with its photos, tags, variant, stock and metafields, on the online store', async () => {
    metafields = [
      { namespace: 'custom', key: 'condition', type: 'single_line_text_field', value: 'Good' },
    ];
    const input = listingInput();
    const published = await connector.publish(input);
    expect(published.listedID).toMatch(/^gid:\/\/shopify\/Product\/\d+$/);
    const { shop, product, variant } = variantOf(published.listedID!);
    expect(published.listingURL).toBe(`${emulator.shopBaseUrl(SHOP)}/products/${product.handle}`);
    expect(product).toMatchObject({
      title: 'Levi’s 501 jeans, blue, 32x32',
      descriptionHtml: '<p>Classic straight fit.</p><p>Barely worn.</p>',
      vendor: 'Levi’s',
      productType: 'Jeans',
      status: 'ACTIVE',
      tags: ['Brand: Levi’s', 'denim'],
    });
    expect(product.media.map((m) => m.originalSource)).toEqual([
      'https://images.listloop.test/1.jpg',
      'https://listloop.test/api/images/2.jpg',
    ]);
    // Shopify serves the copies from its own CDN.
    expect(product.media.every((m) => m.url.startsWith(`${emulator.baseUrl}/s/files/`))).toBe(true);
    expect(variant).toMatchObject({ sku: input.item.itemID, price: '45.00' });
    expect(variant.selectedOptions).toEqual([
      { name: 'Size', value: '32x32' },
      { name: 'Color', value: 'Blue' },
    ]);
    expect(shop.variantQuantity(variant)).toBe(2);
    expect(shop.isOnOnlineStore(product)).toBe(true);
    expect(product.metafields.map((m) => [m.namespace, m.key, m.value])).toEqual([
      ['custom', 'condition', 'Good'],
    ]);

    const page = await fetch(published.listingURL!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Simulate a sale');

    // The first call of a process also reads the shop's location and sales channel.
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200, 200]);
    calls.length = 0;
    metafields = [];
    await connector.publish(listingInput());
    // Looking the SKU up, productSet, publishablePublish.
    expect(calls).toHaveLength(3);
  });

  it('updates the product in place, its stock by compare-and-set', async () => {
    const input = listingInput();
    const { listedID } = await connector.publish(input);
    calls.length = 0;
    const updated = await connector.update({
      ...input,
      listedID: listedID!,
      built: { ...input.built, title: 'Levi’s 501, dark wash', price: 39.5, quantity: 5 },
    });
    expect(updated.listedID).toBe(listedID);
    const { shop, product, variant } = variantOf(listedID!);
    expect(product.title).toBe('Levi’s 501, dark wash');
    expect(variant.price).toBe('39.50');
    expect(shop.variantQuantity(variant)).toBe(5);
    expect(shop.products.size).toBe(1);
    // Read, productSet, inventorySetQuantities.
    expect(calls).toHaveLength(3);
  });

  it('delists (stock 0, off the online store) and relists the same product', async () => {
    const input = listingInput();
    const { listedID, listingURL } = await connector.publish(input);
    calls.length = 0;
    await connector.delist({ ...input, listedID: listedID! });
    // Read the product; set 0 and unpublish in one call.
    expect(calls).toHaveLength(2);
    let state = variantOf(listedID!);
    expect(state.shop.variantQuantity(state.variant)).toBe(0);
    expect(state.shop.isOnOnlineStore(state.product)).toBe(false);
    expect((await fetch(listingURL!)).status).toBe(404);

    // Delisting again finds nothing left to take down and succeeds.
    await connector.delist({ ...input, listedID: listedID! });

    calls.length = 0;
    const relisted = await connector.publish(input);
    expect(relisted.listedID).toBe(listedID);
    state = variantOf(listedID!);
    expect(state.shop.variantQuantity(state.variant)).toBe(2);
    expect(state.shop.isOnOnlineStore(state.product)).toBe(true);
    expect(state.shop.products.size).toBe(1);
    // Look up by SKU, productSet, then stock back and publish in one call.
    expect(calls).toHaveLength(3);
  });

  it('acts on a product imported from Shopify by its own SKU: update, quantity, delist, relist', async () => {
    const productId = emulator.addExistingProduct({
      shop: SHOP,
      title: 'Waxed jacket',
      vendor: 'Barbour',
      variants: [{ sku: 'JKT-042', price: '80.00', quantity: 1 }],
      photos: [JPEG_PHOTO],
    });
    const page = await connector.fetchListings!(SCOPE, null);
    const found = page.listings.find((l) => l.listedID === productId);
    expect(found).toMatchObject({ sku: 'JKT-042', state: 'active' });
    const base = listingInput({ quantity: 1 });
    const input = { ...base, listing: importedListing(found!) };
    const { shop, variant } = variantOf(productId);
    const products = shop.products.size;

    const updated = await connector.update({
      ...input,
      built: { ...input.built, title: 'Barbour waxed jacket', price: 69, quantity: 2 },
      listedID: productId,
    });
    expect(updated.listedID).toBe(productId);
    let state = variantOf(productId);
    expect(state.product.title).toBe('Barbour waxed jacket');
    expect(state.variant).toMatchObject({ id: variant.id, sku: 'JKT-042', price: '69.00' });
    expect(shop.variantQuantity(state.variant)).toBe(2);

    await connector.updateQuantity({ ...input, listedID: productId, quantity: 4 });
    expect(shop.variantQuantity(variantOf(productId).variant)).toBe(4);

    await connector.delist({ ...input, listedID: productId });
    state = variantOf(productId);
    expect(shop.variantQuantity(state.variant)).toBe(0);
    expect(shop.isOnOnlineStore(state.product)).toBe(false);

    // The relist finds the seller's product by its SKU.
    const relisted = await connector.publish(input);
    expect(relisted.listedID).toBe(productId);
    state = variantOf(productId);
    expect(state.variant).toMatchObject({ id: variant.id, sku: 'JKT-042' });
    expect(shop.variantQuantity(state.variant)).toBe(1);
    expect(shop.isOnOnlineStore(state.product)).toBe(true);

    // Without the product id, the delist finds it by its SKU too.
    await connector.delist({ ...input, listedID: null });
    expect(shop.isOnOnlineStore(variantOf(productId).product)).toBe(false);
    expect(shop.products.size).toBe(products);
    expect([...shop.variants.values()].map((v) => v.sku)).toEqual(['JKT-042']);
  });

  describe('the seller’s SKU (decision 0024)', () => {
    it('publishes the variant under the seller’s SKU, keeps acting on it when the item’s SKU changes, and a sale names it', async () => {
      const input = listingInput({ sku: 'LV-501-32', quantity: 1 });
      const published = await connector.publish(input);
      expect(published.sku).toBe('LV-501-32');
      expect(variantOf(published.listedID!).variant.sku).toBe('LV-501-32');

      const listing = {
        status: 'listed',
        listedID: published.listedID,
        marketplaceSku: 'LV-501-32',
      };
      const renamed = { ...input, listing, built: { ...input.built, sku: 'LV-501-99', price: 39 } };
      const updated = await connector.update({ ...renamed, listedID: published.listedID! });
      expect(updated).toMatchObject({ listedID: published.listedID, sku: 'LV-501-32' });
      const { shop, variant } = variantOf(published.listedID!);
      expect(variant).toMatchObject({ sku: 'LV-501-32', price: '39.00' });
      expect(shop.products.size).toBe(1);

      const sale = await emulator.sale({ shop: SHOP, sku: 'LV-501-32' });
      expect(sale.order.lineItems).toEqual([expect.objectContaining({ sku: 'LV-501-32' })]);
    });

    it('a product made before sellers’ SKUs were sent is updated and delisted by the item id', async () => {
      const before = listingInput({ sku: '' });
      const published = await connector.publish(before);
      expect(published.sku).toBe(before.item.itemID);
      const now = {
        ...before,
        listing: { status: 'listed', listedID: published.listedID },
        built: { ...before.built, sku: 'LV-501-32', price: 41 },
      };
      await connector.update({ ...now, listedID: published.listedID! });
      let state = variantOf(published.listedID!);
      expect(state.variant).toMatchObject({ sku: before.item.itemID, price: '41.00' });
      // Without its id, the delist still finds the product by the SKU it carries.
      await connector.delist({ ...now, listedID: null });
      state = variantOf(published.listedID!);
      expect(state.shop.isOnOnlineStore(state.product)).toBe(false);
      expect(state.shop.products.size).toBe(1);
    });
  });

  it('delists an item that sold out on Shopify: nothing to set, only off the online store', async () => {
    const input = listingInput({ quantity: 1 });
    const { listedID } = await connector.publish(input);
    await emulator.sale({ shop: SHOP, sku: input.item.itemID });
    calls.length = 0;
    await connector.delist({ ...input, listedID: listedID! });
    expect(calls).toHaveLength(2);
    const { shop, product } = variantOf(listedID!);
    expect(shop.isOnOnlineStore(product)).toBe(false);
  });

  it('shows the productSet input and metafields it would send', async () => {
    metafields = [
      { namespace: 'custom', key: 'size', type: 'single_line_text_field', value: '32x32' },
    ];
    const input = listingInput();
    const built = await connector.build(input);
    expect(built).toMatchObject({
      productSet: {
        title: input.built.title,
        variants: [{ sku: input.item.itemID, price: '45.00' }],
      },
      metafields,
    });
    const imported = await connector.build({ ...input, listing: { marketplaceSku: 'JKT-042' } });
    expect(imported).toMatchObject({ productSet: { variants: [{ sku: 'JKT-042' }] } });
    const without = await connector.build({ ...input, listing: { marketplaceSku: '' } });
    expect(without).toMatchObject({ productSet: { variants: [{ sku: input.item.itemID }] } });
    expect(calls).toEqual([]);
  });

  it('delists an item whose Shopify product was never found, without failing', async () => {
    await connector.delist({ ...listingInput(), listedID: null });
  });

  it('sets the quantity, reading again when the stock changed meanwhile (compare-and-set)', async () => {
    const input = listingInput({ quantity: 3 });
    const { listedID } = await connector.publish(input);
    const { shop, variant } = variantOf(listedID!);
    let raced = false;
    const racing = makeConnector({
      fetch: async (url, init) => {
        if (
          !raced &&
          typeof init?.body === 'string' &&
          init.body.includes('inventorySetQuantities')
        ) {
          raced = true;
          // A buyer takes one between ListLoop's read and its write.
          shop.createOrder(variant.id, 1);
        }
        return fetch(url, init);
      },
    });
    calls.length = 0;
    await racing.updateQuantity({ ...input, listedID: listedID!, quantity: 1 });
    expect(raced).toBe(true);
    expect(shop.variantQuantity(variant)).toBe(1);
    // A new connector reads the shop's context first; then read, a stale set, read again, set.
    expect(calls).toHaveLength(5);
  });

  it('gives up as a transient failure when the stock keeps changing', async () => {
    const input = listingInput({ quantity: 10 });
    const { listedID } = await connector.publish(input);
    const { shop, variant } = variantOf(listedID!);
    const racing = makeConnector({
      compareAndSetAttempts: 2,
      fetch: async (url, init) => {
        if (typeof init?.body === 'string' && init.body.includes('inventorySetQuantities')) {
          shop.createOrder(variant.id, 1);
        }
        return fetch(url, init);
      },
    });
    const failure = await racing
      .updateQuantity({ ...input, listedID: listedID!, quantity: 4 })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(true);
  });

  it('registers the account’s webhooks once, and a signed orders/create reports the sale', async () => {
    const config = AccountConfigSchema.parse({
      shopify: { webhooksAvailable: ['ORDERS_CREATE', 'PRODUCTS_UPDATE'] },
    });
    const callbackUrl = shopifyWebhookUrl(`${receiver.url}/`);
    expect(callbackUrl).toBe(`${receiver.url}/webhook/shopify`);
    const first = await connector.registerWebhooks(SCOPE, {
      callbackUrl,
      topics: shopifyWebhookTopics(config),
    });
    expect(first).toEqual({ created: ['ORDERS_CREATE', 'PRODUCTS_UPDATE'], existing: [] });
    const again = await connector.registerWebhooks(SCOPE, {
      callbackUrl,
      topics: shopifyWebhookTopics(config),
    });
    expect(again).toEqual({ created: [], existing: ['ORDERS_CREATE', 'PRODUCTS_UPDATE'] });

    const input = listingInput({ quantity: 1 });
    const { listedID } = await connector.publish(input);
    await emulator.settled();
    receiver.received.length = 0;

    const sale = await emulator.sale({ shop: SHOP, sku: input.item.itemID, duplicates: 1 });
    expect(sale.deliveries).toHaveLength(1);
    await emulator.settled();
    const orders = receiver.received.filter(
      (r) => r.headers['x-shopify-topic'] === 'orders/create',
    );
    expect(orders).toHaveLength(2);

    const [once, twice] = await Promise.all(
      orders.map((r) => connector.parseWebhook(r.headers, r.raw)),
    );
    expect(once).toEqual([
      {
        type: 'sold',
        listedID,
        data: expect.objectContaining({
          topic: 'orders/create',
          shopDomain: SHOP,
          orderId: sale.order.id,
          sku: input.item.itemID,
          quantity: 1,
          price: 45,
        }),
      },
    ]);
    // A second delivery of the same webhook carries the same id: the server records it once.
    expect(twice![0]!.data.webhookId).toBe(once![0]!.data.webhookId);
    expect(once![0]!.data.webhookId).toBe(orders[0]!.headers['x-shopify-webhook-id']);

    const update = receiver.received.find(
      (r) => r.headers['x-shopify-topic'] === 'products/update',
    )!;
    const [productEvent] = await connector.parseWebhook(
      update.headers,
      update.raw.toString('utf8'),
    );
    expect(productEvent).toMatchObject({
      type: 'other',
      listedID,
      data: { topic: 'products/update', inventoryQuantity: 0 },
    });
  });

  it('refuses a webhook whose signature does not match, or whose raw body is gone', async () => {
    await connector.registerWebhooks(SCOPE, {
      callbackUrl: shopifyWebhookUrl(receiver.url),
      topics: ['ORDERS_CREATE'],
    });
    const input = listingInput();
    await connector.publish(input);
    await emulator.sale({ shop: SHOP, sku: input.item.itemID });
    const [delivery] = receiver.received.filter(
      (r) => r.headers['x-shopify-topic'] === 'orders/create',
    );
    const tampered = Buffer.from(
      delivery!.raw.toString('utf8').replace('"quantity":1', '"quantity":9'),
    );
    await expect(connector.parseWebhook(delivery!.headers, tampered)).rejects.toThrow(
      ShopifyWebhookSignatureError,
    );
    const wrongSecret = makeConnector({ webhookSecret: 'another-app-secret' });
    await expect(wrongSecret.parseWebhook(delivery!.headers, delivery!.raw)).rejects.toThrow(
      /not a genuine Shopify webhook/,
    );
    await expect(
      connector.parseWebhook(delivery!.headers, JSON.parse(delivery!.raw.toString('utf8'))),
    ).rejects.toThrow(ShopifyWebhookSignatureError);
    const { ['x-shopify-hmac-sha256']: _hmac, ...unsigned } = delivery!.headers;
    await expect(connector.parseWebhook(unsigned, delivery!.raw)).rejects.toThrow(
      ShopifyWebhookSignatureError,
    );
  });

  it('finds sales by polling orders updated since a time', async () => {
    const input = listingInput();
    const { listedID } = await connector.publish(input);
    const before = Date.now() - 1000;
    const sale = await emulator.sale({ shop: SHOP, sku: input.item.itemID });
    expect(await connector.fetchOrders(SCOPE, before)).toEqual([
      {
        orderId: sale.order.id,
        listedID,
        sku: input.item.itemID,
        soldAt: Math.floor(sale.order.createdAt / 1000) * 1000,
        price: 45,
        currency: 'USD',
      },
    ]);
    expect(await connector.fetchOrders(SCOPE, Date.now() + 60_000)).toEqual([]);
  });

  it('lists the shop’s metafield definitions, searchable', async () => {
    const all = await connector.metafieldDefinitions(SCOPE);
    expect(all.definitions.map((d) => `${d.namespace}.${d.key}`)).toEqual([
      'custom.condition',
      'custom.size',
      'custom.color',
      'custom.material',
      'custom.year_made',
    ]);
    expect(all.definitions[4]).toMatchObject({
      name: 'Year made',
      type: 'number_integer',
      ownerType: 'PRODUCT',
    });
    const some = await connector.metafieldDefinitions(SCOPE, { query: 'key:size', first: 10 });
    expect(some.definitions.map((d) => d.key)).toEqual(['size']);
  });

  it('fails with Shopify’s own words when it refuses a mutation (userErrors), permanently', async () => {
    metafields = [
      { namespace: 'custom', key: 'year_made', type: 'number_integer', value: 'the seventies' },
    ];
    const failure = await connector.publish(listingInput()).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(false);
    expect(failure.message).toBe(
      'Shopify refused to save the product metafields: custom.year_made: Value must be a valid number_integer',
    );
  });

  it('says what Shopify would refuse before sending anything', async () => {
    const input = listingInput({ title: '', price: null, photos: ['relative/only.jpg'] });
    const bare = makeConnector({ publicUrl: undefined });
    const problems = await bare.validate(input);
    expect(problems.map((p) => p.path)).toEqual(['title', 'price', 'photos.0']);
    await expect(bare.publish(input)).rejects.toThrow(/Shopify would not take this listing/);
    expect(calls).toEqual([]);
  });

  it('renews an expired token once through ConnectionAuth and goes on', async () => {
    const input = listingInput();
    const { listedID } = await connector.publish(input);
    const before = auth.tokens.refreshToken;
    emulator.expireTokens(SHOP);
    await connector.updateQuantity({ ...input, listedID: listedID!, quantity: 7 });
    expect(auth.refreshes).toBe(1);
    expect(auth.tokens.refreshToken).not.toBe(before);
    expect(variantOf(listedID!).shop.variantQuantity(variantOf(listedID!).variant)).toBe(7);
  });

  it('asks the seller to reconnect when Shopify refuses the refresh too', async () => {
    const input = listingInput();
    const { listedID } = await connector.publish(input);
    emulator.expireTokens(SHOP);
    emulator.revokeRefreshTokens(SHOP);
    const failure = await connector.delist({ ...input, listedID: listedID! }).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(false);
    expect(failure.message).toBe(RECONNECT);
    expect(auth.needsReconnect).toBe(true);
  });

  it('takes a 429 as transient, with Shopify’s Retry-After', async () => {
    emulator.injectFault({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const failure = await connector.publish(listingInput()).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure).toMatchObject({ transient: true, retryAfterSeconds: 7 });
  });

  it('takes THROTTLED (the cost limit) as transient, after the wait the cost figures give', async () => {
    await connector.publish(listingInput());
    emulator.setThrottleAvailable(0);
    const failure = await connector.fetchOrders(SCOPE, 0).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(true);
    expect(failure.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(failure.message).toMatch(/slow down/);
  });

  it('takes a 5xx as transient', async () => {
    emulator.injectFault({ kind: 'server-error', status: 503, count: 1 });
    const failure = await connector.fetchOrders(SCOPE, 0).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(true);
    expect(failure.message).toBe('Shopify had a problem (503): Service Unavailable');
  });

  it('refuses, permanently, a shop that is not a Shopify store', async () => {
    const lost = createShopifyConnector({
      auth: {
        token: async () => ({
          connectionId: 'c',
          accessToken: 't',
          extra: { shop: 'evil.example.com' },
        }),
        refreshAfterRejection: async () => {
          throw new Error('never');
        },
      },
      apiVersion: SHOPIFY_API_VERSION,
      webhookSecret: APP.clientSecret,
    });
    const failure = await lost.fetchOrders(SCOPE, 0).catch((e) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect(failure.transient).toBe(false);
    expect(failure.message).toMatch(
      /^Reconnect your Shopify account in Marketplaces: "evil.example.com" is not a Shopify store address/,
    );
  });
});
