import crypto from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { RunningEmulator } from '../core/emulator-server';
import {
  createShopifyEmulator,
  DEFAULT_SHOP_DOMAIN,
  type ShopifyEmulator,
} from './shopify-emulator';
import { queryHmac } from './oauth';

const APP = { clientId: 'test-client', clientSecret: 'test-secret', name: 'ListLoop' };
const REDIRECT = 'https://app.test/callback';
const SCOPES = 'write_products,write_inventory,read_orders,write_publications,read_locations';

const PRODUCT_SET = `mutation Create($input: ProductSetInput!, $locationId: ID!) {
  productSet(input: $input) {
    product {
      id
      handle
      onlineStoreUrl
      variants(first: 1) {
        nodes { id sku inventoryItem { id inventoryLevel(locationId: $locationId) { quantities(names: ["available", "committed", "on_hand"]) { name quantity } } } }
      }
    }
    userErrors { field message code }
  }
}`;

const SET_QUANTITY = `mutation Set($input: InventorySetQuantitiesInput!) {
  inventorySetQuantities(input: $input) {
    inventoryAdjustmentGroup { reason changes { name delta quantityAfterChange } }
    userErrors { field message code }
  }
}`;

interface Gql {
  status: number;
  headers: Headers;
  body: any;
}

describe('Shopify emulator', () => {
  let clock: ManualClock;
  let emulator: ShopifyEmulator;
  let running: RunningEmulator;

  const authorizeUrl = (scope = SCOPES, shop = DEFAULT_SHOP_DOMAIN) => {
    const url = new URL(`${emulator.shopBaseUrl(shop)}/admin/oauth/authorize`);
    url.searchParams.set('client_id', APP.clientId);
    url.searchParams.set('scope', scope);
    url.searchParams.set('redirect_uri', REDIRECT);
    url.searchParams.set('state', 'nonce-1');
    return url.toString();
  };

  const tokenFor = async (body: Record<string, unknown>, shop = DEFAULT_SHOP_DOMAIN) => {
    const response = await fetch(`${emulator.shopBaseUrl(shop)}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: APP.clientId, client_secret: APP.clientSecret, ...body }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  const install = async (
    scope = SCOPES,
    expiring = false,
    shop = DEFAULT_SHOP_DOMAIN,
  ): Promise<string> => {
    const redirect = await fetch(authorizeUrl(scope, shop), { redirect: 'manual' });
    const code = new URL(redirect.headers.get('location')!).searchParams.get('code');
    const { body } = await tokenFor({ code, ...(expiring ? { expiring: '1' } : {}) }, shop);
    return body.access_token as string;
  };

  const gql = async (
    token: string | null,
    query: string,
    variables: Record<string, unknown> = {},
    shop = DEFAULT_SHOP_DOMAIN,
  ): Promise<Gql> => {
    const response = await fetch(`${emulator.shopBaseUrl(shop)}/admin/api/2025-07/graphql.json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { 'x-shopify-access-token': token } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  const locationId = () => emulator.shop().location.id;

  const createProduct = async (token: string, sku = 'SKU-1', quantity = 3) => {
    const answer = await gql(token, PRODUCT_SET, {
      locationId: locationId(),
      input: {
        title: 'Wool coat',
        productOptions: [{ name: 'Title', values: [{ name: 'Default Title' }] }],
        variants: [
          {
            sku,
            price: '80',
            optionValues: [{ optionName: 'Title', name: 'Default Title' }],
            inventoryQuantities: [{ locationId: locationId(), name: 'available', quantity }],
          },
        ],
      },
    });
    return answer.body.data.productSet.product;
  };

  beforeEach(async () => {
    clock = new ManualClock(Date.parse('2025-07-01T12:00:00Z'));
    emulator = createShopifyEmulator({ apps: [APP], clock });
    running = await emulator.listen();
  });

  afterEach(async () => {
    await running.close();
  });

  describe('OAuth', () => {
    it('redirects back with a code and Shopify’s query HMAC, and trades the code for an offline token', async () => {
      const redirect = await fetch(authorizeUrl(), { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const back = new URL(redirect.headers.get('location')!);
      const params = Object.fromEntries(back.searchParams);
      expect(params).toMatchObject({ shop: DEFAULT_SHOP_DOMAIN, state: 'nonce-1' });
      expect(params.hmac).toBe(queryHmac(APP.clientSecret, params));
      const { status, body } = await tokenFor({ code: params.code });
      expect(status).toBe(200);
      expect(body).toEqual({ access_token: expect.stringMatching(/^shpat_/), scope: SCOPES });
      // A code works once.
      expect((await tokenFor({ code: params.code })).body.error).toBe('invalid_request');
    });

    it('issues expiring offline tokens that a rotating refresh token renews', async () => {
      const redirect = await fetch(authorizeUrl(), { redirect: 'manual' });
      const code = new URL(redirect.headers.get('location')!).searchParams.get('code');
      const first = (await tokenFor({ code, expiring: '1' })).body;
      expect(first).toMatchObject({
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^shprt_/),
      });
      clock.advance(3601_000);
      expect((await gql(first.access_token, '{ shop { name } }')).status).toBe(401);
      const renewed = await tokenFor({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
      });
      expect(renewed.status).toBe(200);
      expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
      expect((await gql(renewed.body.access_token, '{ shop { name } }')).status).toBe(200);
      // The used refresh token is spent.
      const reused = await tokenFor({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
      });
      expect(reused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(emulator.violations).toEqual([]);
    });

    it('shows a consent page when asked, and honours the merchant’s choice', async () => {
      await running.close();
      emulator = createShopifyEmulator({
        apps: [APP],
        consentPage: true,
        createShopsOnInstall: true,
      });
      running = await emulator.listen();
      const shop = 'new-seller.myshopify.com';
      const page = await fetch(authorizeUrl(SCOPES, shop));
      const html = await page.text();
      expect(page.status).toBe(200);
      expect(html).toContain('Install ListLoop?');
      expect(html).toContain('write_inventory');
      const form = (decision: string) =>
        fetch(`${emulator.shopBaseUrl(shop)}/admin/oauth/authorize`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            client_id: APP.clientId,
            scope: SCOPES,
            redirect_uri: REDIRECT,
            state: 'nonce-1',
            decision,
          }).toString(),
        });
      const approved = new URL((await form('approve')).headers.get('location')!);
      expect(approved.searchParams.get('code')).toBeTruthy();
      expect(approved.searchParams.get('shop')).toBe(shop);
      const denied = new URL((await form('deny')).headers.get('location')!);
      expect(denied.searchParams.get('error')).toBe('access_denied');
      expect(emulator.shop(shop).domain).toBe(shop);
    });

    it('records a malformed authorize request as a violation', async () => {
      const response = await fetch(
        `${emulator.shopBaseUrl()}/admin/oauth/authorize?client_id=unknown`,
      );
      expect(response.status).toBe(400);
      expect(emulator.violations.map((v) => v.operationId)).toEqual(['authorize']);
    });
  });

  describe('Admin GraphQL API', () => {
    let token: string;

    beforeEach(async () => {
      token = await install();
    });

    it('answers a document that does not fit the schema as Shopify does, and records it', async () => {
      const answer = await gql(token, '{ shop { name nickname } }');
      expect(answer.status).toBe(200);
      expect(answer.body.errors[0].message).toBe(
        'Cannot query field "nickname" on type "Shop". Did you mean "name"?',
      );
      expect(answer.body.data).toBeUndefined();
      const badVariables = await gql(token, PRODUCT_SET, {
        locationId: locationId(),
        input: { title: 7 },
      });
      expect(badVariables.body.errors[0].message).toMatch(
        /Variable "\$input" got invalid value 7 at "input.title"/,
      );
      const badMoney = await gql(token, PRODUCT_SET, {
        locationId: locationId(),
        input: { title: 'x', variants: [{ price: 'ten dollars', optionValues: [] }] },
      });
      expect(badMoney.body.errors[0].message).toMatch(/Money must be a decimal number/);
      expect(emulator.violations.map((v) => v.direction)).toEqual([
        'request',
        'request',
        'request',
      ]);
      expect(emulator.violations[0]!.messages).toEqual([
        'Cannot query field "nickname" on type "Shop". Did you mean "name"?',
      ]);
    });

    it('refuses a call without a token (a connector bug, recorded) or with an unknown one (401)', async () => {
      const none = await gql(null, '{ shop { name } }');
      expect(none.status).toBe(401);
      expect(none.body.errors).toBe(
        '[API] Invalid API key or access token (unrecognized login or wrong password)',
      );
      expect(emulator.violations).toHaveLength(1);
      expect((await gql('shpat_wrong', '{ shop { name } }')).status).toBe(401);
      expect(emulator.violations).toHaveLength(1);
    });

    it('denies fields the token’s scopes do not cover', async () => {
      const readOnly = await install('read_products');
      const answer = await gql(readOnly, '{ orders(first: 1) { nodes { id } } }');
      expect(answer.body.errors[0]).toMatchObject({
        message: 'Access denied for orders field. Required access: `read_orders` access scope.',
        extensions: { code: 'ACCESS_DENIED' },
      });
      emulator.server.violationLog.clear();
    });

    it('creates a product with productSet, found by SKU, its stock set by compare-and-set', async () => {
      const product = await createProduct(token, 'SKU-1', 3);
      expect(product.handle).toBe('wool-coat');
      expect(product.onlineStoreUrl).toBeNull();
      const variant = product.variants.nodes[0];
      expect(variant.inventoryItem.inventoryLevel.quantities).toEqual([
        { name: 'available', quantity: 3 },
        { name: 'committed', quantity: 0 },
        { name: 'on_hand', quantity: 3 },
      ]);
      const found = await gql(
        token,
        '{ productVariants(first: 5, query: "sku:\\"SKU-1\\"") { nodes { id product { id } } } }',
      );
      expect(found.body.data.productVariants.nodes).toEqual([
        { id: variant.id, product: { id: product.id } },
      ]);

      const set = (quantity: number, compareQuantity?: number) =>
        gql(token, SET_QUANTITY, {
          input: {
            name: 'available',
            reason: 'correction',
            quantities: [
              {
                inventoryItemId: variant.inventoryItem.id,
                locationId: locationId(),
                quantity,
                ...(compareQuantity === undefined ? {} : { compareQuantity }),
              },
            ],
          },
        });
      const stale = await set(5, 2);
      expect(stale.body.data.inventorySetQuantities).toEqual({
        inventoryAdjustmentGroup: null,
        userErrors: [
          {
            field: ['input', 'quantities', '0', 'compareQuantity'],
            message: 'The compareQuantity value does not match persisted value.',
            code: 'COMPARE_QUANTITY_STALE',
          },
        ],
      });
      const missing = await set(5);
      expect(missing.body.data.inventorySetQuantities.userErrors[0].code).toBe(
        'COMPARE_QUANTITY_REQUIRED',
      );
      const done = await set(5, 3);
      expect(done.body.data.inventorySetQuantities).toEqual({
        inventoryAdjustmentGroup: {
          reason: 'correction',
          changes: [
            { name: 'available', delta: 2, quantityAfterChange: 5 },
            { name: 'on_hand', delta: 2, quantityAfterChange: 5 },
          ],
        },
        userErrors: [],
      });
      expect(emulator.violations).toEqual([]);
    });

    it('refuses what Shopify refuses with userErrors', async () => {
      const answer = await gql(token, PRODUCT_SET, {
        locationId: locationId(),
        input: {
          title: ' ',
          files: [{ originalSource: 'not a url', contentType: 'IMAGE' }],
          productOptions: [{ name: 'Size', values: [{ name: 'M' }] }],
          variants: [
            { sku: 'x', price: '1', optionValues: [{ optionName: 'Color', name: 'Red' }] },
          ],
        },
      });
      expect(answer.body.data.productSet.product).toBeNull();
      expect(answer.body.data.productSet.userErrors.map((e: { code: string }) => e.code)).toEqual([
        'BLANK',
        'INVALID_INPUT',
        'INVALID_VARIANT',
      ]);
      expect(emulator.violations).toEqual([]);
    });

    it('publishes to and unpublishes from the online store, whose page follows', async () => {
      const product = await createProduct(token);
      const onlineStore = emulator.shop().onlineStore.id;
      const publish = await gql(
        token,
        `mutation P($id: ID!, $input: [PublicationInput!]!) {
          publishablePublish(id: $id, input: $input) { publishable { ... on Product { onlineStoreUrl } } userErrors { message } }
        }`,
        { id: product.id, input: [{ publicationId: onlineStore }] },
      );
      const url = publish.body.data.publishablePublish.publishable.onlineStoreUrl;
      expect(url).toBe(`${emulator.shopBaseUrl()}/products/wool-coat`);
      const page = await fetch(url);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await page.text()).toContain('Simulate a sale');
      await gql(
        token,
        `mutation U($id: ID!, $input: [PublicationInput!]!) { publishableUnpublish(id: $id, input: $input) { userErrors { message } } }`,
        { id: product.id, input: [{ publicationId: onlineStore }] },
      );
      expect((await fetch(url)).status).toBe(404);
    });

    it('throttles by query cost, answering THROTTLED with the bucket’s state', async () => {
      emulator.setThrottleAvailable(3);
      const answer = await gql(
        token,
        '{ shop { name } location { id } publications(first: 5) { nodes { id } } }',
      );
      expect(answer.status).toBe(200);
      expect(answer.body.errors[0]).toMatchObject({
        message: 'Throttled',
        extensions: { code: 'THROTTLED' },
      });
      expect(answer.body.extensions.cost).toMatchObject({
        requestedQueryCost: 9,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 3, restoreRate: 100 },
      });
      clock.advance(1000);
      expect((await gql(token, '{ shop { name } }')).body.data.shop.name).toBe('Listloop Sandbox');
    });

    it('refuses a query costing more than Shopify allows in one request, and records it', async () => {
      const answer = await gql(
        token,
        '{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }',
      );
      expect(answer.body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
      expect(emulator.violations).toHaveLength(1);
    });

    it('fails the next calls as told: 429 with Retry-After, 5xx, 401, a dropped connection', async () => {
      emulator.injectFault({ kind: 'rate-limit', retryAfterSeconds: 2 });
      const limited = await gql(token, '{ shop { name } }');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('2.0');
      emulator.injectFault({ kind: 'server-error', status: 502, count: 2 });
      expect((await gql(token, '{ shop { name } }')).status).toBe(502);
      expect((await gql(token, '{ shop { name } }')).status).toBe(502);
      emulator.injectFault({ kind: 'expired-token' });
      expect((await gql(token, '{ shop { name } }')).status).toBe(401);
      emulator.injectFault({ kind: 'disconnect' });
      await expect(gql(token, '{ shop { name } }')).rejects.toThrow();
      expect((await gql(token, '{ shop { name } }')).status).toBe(200);
      expect(emulator.violations).toEqual([]);
    });

    it('pages connections with cursors, and refuses one without `first`', async () => {
      await createProduct(token, 'A');
      await createProduct(token, 'B');
      const page1 = await gql(
        token,
        '{ products(first: 1) { nodes { handle } pageInfo { hasNextPage endCursor } } }',
      );
      const { endCursor } = page1.body.data.products.pageInfo;
      const page2 = await gql(
        token,
        `{ products(first: 1, after: "${endCursor}") { nodes { handle } pageInfo { hasNextPage } } }`,
      );
      expect([
        page1.body.data.products.nodes[0].handle,
        page2.body.data.products.nodes[0].handle,
      ]).toEqual(['wool-coat', 'wool-coat-1']);
      expect(page2.body.data.products.pageInfo.hasNextPage).toBe(false);
      const unbounded = await gql(token, '{ products { nodes { id } } }');
      expect(unbounded.body.errors[0].message).toBe('you must provide one of first or last');
      expect(emulator.violations).toHaveLength(1);
    });
  });

  describe('products the seller made before ListLoop', () => {
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 5, 6, 7]);
    const PRODUCTS = `query Existing($first: Int!, $after: String) {
      products(first: $first, after: $after, sortKey: ID) {
        nodes {
          id title descriptionHtml vendor productType status handle onlineStoreUrl tags
          variants(first: 1) { nodes { sku price inventoryQuantity selectedOptions { name value } } }
          media(first: 24) { nodes { ... on MediaImage { status image { url } } } }
        }
        pageInfo { hasNextPage endCursor }
      }
    }`;
    let token: string;

    beforeEach(async () => {
      token = await install();
    });

    it('reads them page by page with their variant, stock, options and photos on the CDN', async () => {
      const coat = emulator.addExistingProduct({
        title: 'Wool coat',
        descriptionHtml: '<p>Warm.</p>',
        vendor: 'Barbour',
        productType: 'Coats',
        tags: ['wool', 'Condition: Good'],
        variants: [
          { sku: 'COAT-1', price: 80, quantity: 2, options: { Size: 'M', Color: 'Navy' } },
        ],
        photos: [
          { bytes: JPEG, contentType: 'image/jpeg' },
          { bytes: PNG, contentType: 'image/png' },
        ],
      });
      const draft = emulator.addExistingProduct({
        title: 'Silk scarf',
        status: 'DRAFT',
        variants: [{ price: '15.5' }],
      });
      emulator.addExistingProduct({
        title: 'Hidden hat',
        published: false,
        variants: [{ price: 9 }],
      });

      const page1 = await gql(token, PRODUCTS, { first: 2 });
      expect(page1.body.errors).toBeUndefined();
      const [first, second] = page1.body.data.products.nodes;
      expect(first).toMatchObject({
        id: coat,
        title: 'Wool coat',
        descriptionHtml: '<p>Warm.</p>',
        vendor: 'Barbour',
        productType: 'Coats',
        status: 'ACTIVE',
        handle: 'wool-coat',
        onlineStoreUrl: `${emulator.shopBaseUrl()}/products/wool-coat`,
        tags: ['wool', 'Condition: Good'],
        variants: {
          nodes: [
            {
              sku: 'COAT-1',
              price: '80.00',
              inventoryQuantity: 2,
              selectedOptions: [
                { name: 'Size', value: 'M' },
                { name: 'Color', value: 'Navy' },
              ],
            },
          ],
        },
      });
      const urls = first.media.nodes.map((m: any) => m.image.url);
      expect(first.media.nodes.map((m: any) => m.status)).toEqual(['READY', 'READY']);
      expect(urls.every((u: string) => u.startsWith(`${emulator.baseUrl}/s/files/`))).toBe(true);
      const photos = await Promise.all(urls.map((u: string) => fetch(u)));
      expect(photos.map((r) => r.headers.get('content-type'))).toEqual(['image/jpeg', 'image/png']);
      expect(Buffer.from(await photos[0]!.arrayBuffer())).toEqual(JPEG);
      expect(Buffer.from(await photos[1]!.arrayBuffer())).toEqual(PNG);
      expect((await fetch(first.onlineStoreUrl)).status).toBe(200);

      expect(second).toMatchObject({
        id: draft,
        status: 'DRAFT',
        onlineStoreUrl: null,
        variants: { nodes: [{ sku: null, price: '15.50', inventoryQuantity: 1 }] },
        media: { nodes: [] },
      });
      expect((await fetch(`${emulator.shopBaseUrl()}/products/silk-scarf`)).status).toBe(404);

      expect(page1.body.data.products.pageInfo.hasNextPage).toBe(true);
      const page2 = await gql(token, PRODUCTS, {
        first: 2,
        after: page1.body.data.products.pageInfo.endCursor,
      });
      expect(page2.body.data.products.nodes.map((p: any) => [p.title, p.onlineStoreUrl])).toEqual([
        ['Hidden hat', null],
      ]);
      expect(page2.body.data.products.pageInfo).toMatchObject({ hasNextPage: false });
      // 2 + 2 × (1 + variants 2 + 1 × 2 + media 2 + 24 × 2): well under the 1,000 of one query.
      expect(page1.body.extensions.cost.requestedQueryCost).toBe(112);
      expect(emulator.violations).toEqual([]);
    });

    it('refuses a product Shopify would refuse', () => {
      expect(() =>
        emulator.addExistingProduct({
          title: 'Twins',
          variants: [
            { price: 1, options: { Size: 'M' } },
            { price: 1, options: { Size: 'M' } },
          ],
        }),
      ).toThrow(/Two variants have the same option values/);
    });

    it('adds one from the control surface, photos in base64', async () => {
      const response = await fetch(`${emulator.baseUrl}/__emulator/products`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          title: 'Denim jacket',
          variants: [{ sku: 'J-1', price: '30', quantity: 1, options: { Size: 'L' } }],
          photos: [{ base64: JPEG.toString('base64'), contentType: 'image/jpeg' }],
        }),
      });
      expect(response.status).toBe(201);
      const { product } = (await response.json()) as { product: any };
      expect(product).toMatchObject({ title: 'Denim jacket', status: 'active' });
      expect(product.variants[0]).toMatchObject({ sku: 'J-1', inventory_quantity: 1 });
      const photo = await fetch(product.images[0].src);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(JPEG);
    });

    it('serves productSet photos from its CDN, copied from their source once', async () => {
      let hits = 0;
      const source = createServer((req, res) => {
        hits += 1;
        if (req.url === '/photo.jpg')
          res.writeHead(200, { 'content-type': 'image/jpeg' }).end(JPEG);
        else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', () => resolve()));
      const origin = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
      try {
        const answer = await gql(
          token,
          `mutation Create($input: ProductSetInput!) {
            productSet(input: $input) {
              product { media(first: 5) { nodes { ... on MediaImage { image { url } } } } }
              userErrors { message }
            }
          }`,
          {
            input: {
              title: 'Linen shirt',
              files: [
                { originalSource: `${origin}/photo.jpg`, contentType: 'IMAGE' },
                { originalSource: `${origin}/gone.jpg`, contentType: 'IMAGE' },
              ],
            },
          },
        );
        const [copied, missing] = answer.body.data.productSet.product.media.nodes.map(
          (m: any) => m.image.url as string,
        );
        expect(copied!.startsWith(`${emulator.baseUrl}/s/files/`)).toBe(true);
        expect(hits).toBe(0);
        for (let n = 0; n < 2; n += 1) {
          const photo = await fetch(copied!);
          expect(photo.headers.get('content-type')).toBe('image/jpeg');
          expect(Buffer.from(await photo.arrayBuffer())).toEqual(JPEG);
        }
        expect((await fetch(missing!)).status).toBe(404);
        expect(hits).toBe(2);
        expect((await fetch(`${emulator.baseUrl}/s/files/copies/c999999`)).status).toBe(404);
        expect(emulator.violations).toEqual([]);
      } finally {
        await new Promise<void>((resolve) => source.close(() => resolve()));
      }
    });
  });

  describe('sales and webhooks', () => {
    let receiver: Server;
    let receiverUrl: string;
    let received: { headers: IncomingHttpHeaders; body: string }[];

    beforeEach(async () => {
      received = [];
      receiver = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(200).end();
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook/shopify`;
    });

    afterEach(async () => {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    });

    const subscribe = (token: string, topic: string) =>
      gql(
        token,
        `mutation S($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
          webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic } userErrors { message } }
        }`,
        { topic, sub: { callbackUrl: receiverUrl, format: 'JSON' } },
      );

    it('sells a unit: the order, the stock, and orders/create signed like Shopify, to every subscriber', async () => {
      const token = await install();
      const created = await subscribe(token, 'ORDERS_CREATE');
      expect(created.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
      const duplicate = await subscribe(token, 'ORDERS_CREATE');
      expect(duplicate.body.data.webhookSubscriptionCreate.userErrors).toEqual([
        { message: 'Address for this topic has already been taken' },
      ]);
      const product = await createProduct(token, 'SKU-9', 2);

      const sale = await emulator.sale({ sku: 'SKU-9', duplicates: 2 });
      expect(sale.order.name).toBe('#1001');
      expect(received).toHaveLength(3);
      const [first] = received;
      const hmac = crypto
        .createHmac('sha256', APP.clientSecret)
        .update(first!.body)
        .digest('base64');
      expect(first!.headers).toMatchObject({
        'x-shopify-topic': 'orders/create',
        'x-shopify-hmac-sha256': hmac,
        'x-shopify-shop-domain': DEFAULT_SHOP_DOMAIN,
        'x-shopify-api-version': '2025-07',
        'content-type': 'application/json',
      });
      expect(new Set(received.map((r) => r.headers['x-shopify-webhook-id'])).size).toBe(1);
      const payload = JSON.parse(first!.body);
      expect(payload).toMatchObject({
        admin_graphql_api_id: sale.order.id,
        name: '#1001',
        line_items: [
          {
            sku: 'SKU-9',
            quantity: 1,
            price: '80.00',
            product_id: Number(product.id.split('/').pop()),
          },
        ],
      });
      const shop = emulator.shop();
      const variant = shop.variants.get(product.variants.nodes[0].id)!;
      expect(shop.variantQuantity(variant)).toBe(1);

      const polled = await gql(
        token,
        `{ orders(first: 5, query: "updated_at:>'2025-07-01T11:00:00Z'") { nodes { id lineItems(first: 5) { nodes { sku product { id } } } } } }`,
      );
      expect(polled.body.data.orders.nodes).toEqual([
        {
          id: sale.order.id,
          lineItems: { nodes: [{ sku: 'SKU-9', product: { id: product.id } }] },
        },
      ]);
      expect(emulator.violations).toEqual([]);
    });

    it('sells from the product page’s form and goes back to the page', async () => {
      const token = await install();
      const product = await createProduct(token, 'SKU-P', 1);
      emulator.shop().setPublished(product.id, [emulator.shop().onlineStore.id], true);
      const page = await (await fetch(`${emulator.shopBaseUrl()}/products/wool-coat`)).text();
      const variantId = product.variants.nodes[0].id;
      expect(page).toContain(`value="${variantId}"`);
      const sold = await fetch(`${emulator.baseUrl}/__emulator/sales`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ shop: DEFAULT_SHOP_DOMAIN, variantId }).toString(),
      });
      expect(sold.status).toBe(303);
      const back = new URL(sold.headers.get('location')!);
      expect(back.pathname).toBe(`/shops/${DEFAULT_SHOP_DOMAIN}/products/wool-coat`);
      expect(back.searchParams.get('notice')).toMatch(/^Sold: order #1001/);
      // Sold out now: a second sale is refused.
      const again = await fetch(`${emulator.baseUrl}/__emulator/sales`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variantId }),
      });
      expect(again.status).toBe(409);
    });
  });

  it('works mounted under a host’s prefix, with its public URL in links', async () => {
    await running.close();
    emulator = createShopifyEmulator({
      apps: [APP],
      publicBaseUrl: 'http://127.0.0.1:1/sandbox/shopify',
    });
    const host = createServer((req, res) => {
      const url = req.url ?? '/';
      if (!url.startsWith('/sandbox/shopify')) return void res.writeHead(404).end();
      void emulator.handle(req, res, { url: url.slice('/sandbox/shopify'.length) || '/' });
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', () => resolve()));
    const port = (host.address() as AddressInfo).port;
    try {
      const authorize = `http://127.0.0.1:${port}/sandbox/shopify/admin/oauth/authorize?client_id=${APP.clientId}&scope=read_products&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s`;
      const redirect = await fetch(authorize, { redirect: 'manual' });
      expect(redirect.status).toBe(302);
      expect(emulator.shopBaseUrl()).toBe(
        `http://127.0.0.1:1/sandbox/shopify/shops/${DEFAULT_SHOP_DOMAIN}`,
      );
    } finally {
      await new Promise<void>((resolve) => host.close(() => resolve()));
      running = { url: '', close: async () => undefined };
    }
  });
});
