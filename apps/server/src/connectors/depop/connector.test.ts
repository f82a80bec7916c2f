import type { IncomingHttpHeaders } from 'node:http';
import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import {
  createDepopEmulator,
  ManualClock,
  type DepopEmulator,
  type RunningEmulator,
} from '@listloop/emulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError } from '../contract';
import type { ConnectionAuth, ConnectionToken, ConnectorListingInput } from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { expectListingPage, expectNoViolations } from '../shared/testing/emulators';
import { TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import { connectorInput, nextItemID, testItem } from '../shared/testing/items';
import { startWebhookReceiver, type WebhookReceiver } from '../shared/testing/webhook-receiver';
import { createDepopConnector, type DepopConnector, type DepopConnectorOptions } from './connector';
import { DepopWebhookSignatureError, signDepopWebhook } from './webhook';

const RECONNECT = 'Reconnect your Depop account in Marketplaces.';
const WEBHOOK_SECRET = 'whsec_listloop_test_0123456789abcdef';

/**
 * The test's stand-in for the connections module with a Depop API key: the key is the access
 * token, and a connection without a refresh token cannot be refreshed, so a 401 is answered as
 * the real ConnectionAuth does: "Reconnect your Depop account…".
 */
class ApiKeyAuth implements ConnectionAuth {
  rejections = 0;
  constructor(private readonly apiKey: string) {}

  async token(): Promise<ConnectionToken> {
    return { connectionId: 'connection-depop', accessToken: this.apiKey, extra: {} };
  }

  async refreshAfterRejection(): Promise<ConnectionToken> {
    this.rejections += 1;
    throw new ConnectorError(RECONNECT);
  }
}

function listingInput(
  overrides: Partial<BuiltListingInput> & { itemID?: string; listedID?: string | null } = {},
): ConnectorListingInput {
  const { itemID, listedID, ...builtOverrides } = overrides;
  const item = testItem({ title: 'Levi’s 501 jeans' }, { itemID: itemID ?? nextItemID('Item') });
  const built = BuiltListingSchema.parse({
    marketplace: 'depop',
    description: 'Levi’s 501 jeans, classic straight fit.\nBarely worn. #vintage',
    price: 45,
    currency: 'GBP',
    quantity: 1,
    condition: 'used_good',
    brand: 'Levi’s',
    category: 'Bottoms > Jeans',
    size: 'W32 L32',
    colour: 'Light blue',
    photos: ['https://images.listloop.test/1.jpg', '/api/images/2.jpg'],
    tags: ['denim', 'Levi’s', 'vintage', '90s'],
    shipping: { price: 3.5 },
    extra: { department: 'menswear', sizeSetId: 52, sizeId: 10, shipsFromCountry: 'UK' },
    ...builtOverrides,
  });
  return connectorInput(item, built, listedID ? { listedID } : {});
}

describe('Depop connector against the Depop emulator', () => {
  let clock: ManualClock;
  let emulator: DepopEmulator;
  let running: RunningEmulator;
  let receiver: WebhookReceiver;
  let apiKey: string;
  let auth: ApiKeyAuth;
  let connector: DepopConnector;
  let calls: MarketplaceCall[];

  const makeConnector = (options: Partial<DepopConnectorOptions> = {}) =>
    createDepopConnector({
      baseUrl: running.url,
      auth,
      listingUrlBase: `${running.url}/products/`,
      publicUrl: 'https://listloop.test',
      webhookSecret: WEBHOOK_SECRET,
      onCall: (call) => calls.push(call),
      now: () => clock.now(),
      ...options,
    });

  const shape = (c: MarketplaceCall) =>
    `${c.method} ${c.path.replace(/\/(by-sku|by-product-id)\/[^/]+/, '/$1/:id')}`;

  const productOf = (listedID: string | null | undefined) =>
    emulator.store.products.get(Number(listedID));

  beforeEach(async () => {
    clock = new ManualClock(Date.parse('2025-06-01T12:00:00Z'));
    receiver = await startWebhookReceiver('/webhook/depop');
    emulator = await createDepopEmulator({
      clock,
      seller: { countryCode: 'GB', username: 'vintage_finds' },
      webhook: { url: receiver.url, secret: WEBHOOK_SECRET },
    });
    running = await emulator.listen();
    apiKey = emulator.issueApiKey();
    auth = new ApiKeyAuth(apiKey);
    calls = [];
    connector = makeConnector();
  });

  afterEach(async () => {
    await running.close();
    await receiver.close();
  });

  it('publishes with one PUT by SKU; the product page shows it', async () => {
    const listing = listingInput();
    const result = await connector.publish(listing);
    expect(calls.map(shape)).toEqual(['PUT /api/v1/products/by-sku/:id/']);
    expect(calls[0]?.path).toBe(`/api/v1/products/by-sku/${listing.item.itemID}/`);
    const product = productOf(result.listedID);
    expect(product?.sku).toBe(listing.item.itemID);
    expect(result.listingURL).toBe(`${running.url}/products/${product?.slug}/`);
    expect(product?.fields).toEqual({
      address: { country_code: 'GB' },
      // The tags become hashtags, after the one the description has, without repeating it.
      description:
        'Levi’s 501 jeans, classic straight fit.\nBarely worn. #vintage\n\n#denim #levis #90s',
      price_currency: 'GBP',
      price_amount: '45.00',
      quantity: 1,
      pictures: [
        { url: 'https://images.listloop.test/1.jpg' },
        { url: 'https://listloop.test/api/images/2.jpg' },
      ],
      department: 'menswear',
      product_type: 'jeans',
      condition: 'used_good',
      brand_name: 'Levi’s',
      attributes: {},
      size_set_id: 52,
      size_id: 10,
      colour: ['blue'],
      national_shipping_cost: '3.50',
    });

    await expectListingPage(result.listingURL, 'Levi’s 501 jeans, classic straight fit.');
    expectNoViolations(emulator);
  });

  it('updates the same SKU in place: no second product', async () => {
    const listing = listingInput();
    const first = await connector.publish(listing);
    calls = [];
    const changed = { ...listing, built: { ...listing.built, price: 39.5, quantity: 2 } };
    const updated = await connector.update({ ...changed, listedID: first.listedID ?? '' });
    expect(updated).toEqual(first);
    expect(calls.map(shape)).toEqual([
      'GET /api/v1/products/by-product-id/:id/',
      'PUT /api/v1/products/by-sku/:id/',
    ]);
    expect(emulator.store.products.size).toBe(1);
    expect(productOf(first.listedID)?.fields).toMatchObject({ price_amount: '39.50', quantity: 2 });

    // A retried publish whose first answer was lost (no listedID recorded) lands on it too.
    calls = [];
    await connector.publish(changed);
    expect(calls).toHaveLength(1);
    expect(emulator.store.products.size).toBe(1);
    expectNoViolations(emulator);
  });

  it('delists with one DELETE, again without error, then relists under the next SKU', async () => {
    const listing = listingInput();
    const first = await connector.publish(listing);
    calls = [];
    await connector.delist({ ...listing, listedID: first.listedID ?? null });
    expect(calls.map((c) => `${shape(c)} ${c.status}`)).toEqual([
      'DELETE /api/v1/products/by-product-id/:id/ 200',
    ]);
    expect(productOf(first.listedID)?.status).toBe('STATUS_DELETED_ONSALE');
    expect((await fetch(first.listingURL ?? '')).status).toBe(404);
    await connector.delist({ ...listing, listedID: first.listedID ?? null });

    // Depop never takes a SKU twice: the relist reads the deleted product and moves on.
    const relist = { ...listing, listing: { listedID: first.listedID } };
    calls = [];
    const second = await connector.publish(relist);
    expect(calls.map(shape)).toEqual([
      'GET /api/v1/products/by-product-id/:id/',
      'PUT /api/v1/products/by-sku/:id/',
    ]);
    expect(second.listedID).not.toBe(first.listedID);
    expect(productOf(second.listedID)?.sku).toBe(`${listing.item.itemID}-r2`);
    // Retried before ListLoop recorded the new id: the same second product, not a third.
    expect(await connector.publish(relist)).toEqual(second);

    await connector.delist({ ...listing, listedID: second.listedID ?? null });
    const third = await connector.publish({ ...listing, listing: { listedID: second.listedID } });
    expect(productOf(third.listedID)?.sku).toBe(`${listing.item.itemID}-r3`);
    expect(emulator.store.products.size).toBe(3);
    expectNoViolations(emulator);
  });

  describe('the seller’s SKU (decision 0024)', () => {
    it('lists under the seller’s SKU, and relists under its next ones, whatever the item’s SKU becomes', async () => {
      const listing = listingInput({ sku: 'LV-501-32' });
      const first = await connector.publish(listing);
      expect(first.sku).toBe('LV-501-32');
      expect(calls[0]?.path).toBe('/api/v1/products/by-sku/LV-501-32/');

      await connector.delist({ ...listing, listedID: first.listedID ?? null });
      const renamed = { ...listing, built: { ...listing.built, sku: 'LV-501-99' } };
      const second = await connector.publish({
        ...renamed,
        listing: { listedID: first.listedID, marketplaceSku: first.sku },
      });
      expect(second.sku).toBe('LV-501-32-r2');
      expect(productOf(second.listedID)?.sku).toBe('LV-501-32-r2');

      await connector.delist({ ...renamed, listedID: second.listedID ?? null });
      const third = await connector.publish({
        ...renamed,
        listing: { listedID: second.listedID, marketplaceSku: second.sku },
      });
      expect(productOf(third.listedID)?.sku).toBe('LV-501-32-r3');
      expect(emulator.store.products.size).toBe(3);
      expectNoViolations(emulator);
    });

    it('says when Depop cannot take the seller’s SKU, and sends nothing in its place', async () => {
      const relistLike = listingInput({ sku: 'JKT-r2' });
      expect(await connector.validate(relistLike)).toEqual([
        expect.objectContaining({
          code: 'sku.reserved',
          path: 'sku',
          message:
            'On Depop, ListLoop keeps SKUs ending like -r2 for relisting; change the SKU JKT-r2.',
        }),
      ]);
      await expect(connector.publish(relistLike)).rejects.toThrow(/keeps SKUs ending like -r2/);
      const spaced = listingInput({ sku: 'LV 501' });
      await expect(connector.publish(spaced)).rejects.toThrow(/Depop SKUs may use only/);
      expect(calls).toEqual([]);
    });
  });

  it('restocks a product that sold on Depop with the same SKU', async () => {
    const listing = listingInput();
    const first = await connector.publish(listing);
    await emulator.produceSale({ productId: Number(first.listedID) });
    expect(productOf(first.listedID)?.status).toBe('STATUS_PURCHASED');
    const again = await connector.publish({ ...listing, listing: { listedID: first.listedID } });
    expect(again).toEqual(first);
    expect(productOf(first.listedID)?.status).toBe('STATUS_ONSALE');
    expectNoViolations(emulator);
  });

  it('changes the quantity with one PATCH, and 0 marks the product sold', async () => {
    const listing = listingInput({ quantity: 2 });
    const first = await connector.publish(listing);
    calls = [];
    await connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: 5 });
    expect(calls.map(shape)).toEqual(['PATCH /api/v1/products/by-product-id/:id/']);
    expect(productOf(first.listedID)?.fields.quantity).toBe(5);

    await connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: 0 });
    expect(productOf(first.listedID)?.status).toBe('STATUS_MARKED_AS_SOLD');
    await expect(
      connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: -1 }),
    ).rejects.toThrow(/cannot be sent to Depop/);
    expectNoViolations(emulator);
  });

  it('marks a product sold elsewhere, by product id or by SKU', async () => {
    const byId = listingInput();
    const first = await connector.publish(byId);
    calls = [];
    expect(
      await connector.markSold({
        ...SCOPE,
        itemID: byId.item.itemID,
        listedID: first.listedID ?? null,
      }),
    ).toBe('marked');
    expect(calls.map(shape)).toEqual(['POST /api/v1/products/by-product-id/:id/mark-as-sold/']);
    expect(productOf(first.listedID)?.status).toBe('STATUS_MARKED_AS_SOLD');
    // Already sold: Depop answers 200 and leaves it as it is.
    expect(
      await connector.markSold({
        ...SCOPE,
        itemID: byId.item.itemID,
        listedID: first.listedID ?? null,
      }),
    ).toBe('marked');

    const bySku = listingInput();
    const second = await connector.publish(bySku);
    expect(await connector.markSold({ ...SCOPE, itemID: bySku.item.itemID, listedID: null })).toBe(
      'marked',
    );
    expect(productOf(second.listedID)?.status).toBe('STATUS_MARKED_AS_SOLD');
    expect(await connector.markSold({ ...SCOPE, itemID: 'x'.repeat(24), listedID: '999' })).toBe(
      'not_found',
    );
    expectNoViolations(emulator);
  });

  it('takes a sale from a signed newOrder webhook; a second delivery has the same id', async () => {
    const listing = listingInput();
    const first = await connector.publish(listing);
    const { order } = await emulator.produceSale({ sku: listing.item.itemID, deliveries: 2 });
    await emulator.settled();
    expect(receiver.received).toHaveLength(2);
    const [once, twice] = await Promise.all(
      receiver.received.map((r) => connector.parseWebhook(r.headers, r.raw.toString('utf8'))),
    );
    expect(once).toEqual([
      {
        type: 'sold',
        listedID: first.listedID,
        data: {
          webhookId: expect.any(String),
          eventType: 'v1:order.new',
          sellerId: String(emulator.seller.id),
          orderId: order.purchase_id,
          purchaseItemId: expect.stringMatching(/^\d+$/),
          sku: listing.item.itemID,
          itemID: listing.item.itemID,
          slug: productOf(first.listedID)?.slug,
          soldAt: clock.now(),
          price: 45,
          currency: 'GBP',
          status: 'SHIPPING_PENDING',
        },
      },
    ]);
    expect(twice?.[0]?.data.webhookId).toBe(once?.[0]?.data.webhookId);
    expect(twice?.[0]?.data.purchaseItemId).toBe(once?.[0]?.data.purchaseItemId);
    expectNoViolations(emulator);
  });

  it('refuses a tampered, unsigned, stale, re-parsed or foreign webhook', async () => {
    const listing = listingInput();
    await connector.publish(listing);
    await emulator.produceSale({ sku: listing.item.itemID });
    await emulator.settled();
    const [delivery] = receiver.received;
    if (!delivery) throw new Error('The sale sent no webhook');
    const { headers } = delivery;
    const raw = delivery.raw.toString('utf8');
    const refused = (h: Record<string, unknown>, body: unknown, other = connector) =>
      other.parseWebhook(h as IncomingHttpHeaders, body).catch((e: unknown) => e);

    const tampered = raw.replace('"sold_price":"45.00"', '"sold_price":"1.00"');
    expect(tampered).not.toBe(raw);
    const error = await refused(headers, tampered);
    expect(error).toBeInstanceOf(DepopWebhookSignatureError);
    expect((error as Error).message).toMatch(/signature \(X-Depop-Signature\) does not match/);

    const { 'x-depop-signature': _signature, ...unsigned } = headers;
    expect(await refused(unsigned, raw)).toBeInstanceOf(DepopWebhookSignatureError);
    expect(await refused(headers, JSON.parse(raw))).toBeInstanceOf(DepopWebhookSignatureError);
    const wrongSecret = makeConnector({ webhookSecret: 'whsec_someone_else_000000' });
    expect(await refused(headers, raw, wrongSecret)).toBeInstanceOf(DepopWebhookSignatureError);
    const noSecret = makeConnector({ webhookSecret: () => null });
    expect(((await refused(headers, raw, noSecret)) as Error).message).toMatch(
      /no Depop webhook secret for seller/,
    );

    // A genuine webhook replayed six minutes later, correctly signed, is too old to take.
    clock.advance(6 * 60_000);
    expect(((await refused(headers, raw)) as Error).message).toMatch(/too old/);
    // Re-signed now (as Depop's own retry is), it is taken.
    const timestamp = String(Math.floor(clock.now() / 1000));
    const fresh = {
      ...headers,
      'x-depop-timestamp': timestamp,
      'x-depop-signature': signDepopWebhook(WEBHOOK_SECRET, timestamp, raw),
    };
    expect(await connector.parseWebhook(fresh, raw)).toHaveLength(1);
    // The secret found per seller, for sellers with their own partner access.
    const perSeller = makeConnector({
      webhookSecret: (sellerId) =>
        sellerId === String(emulator.seller.id) ? WEBHOOK_SECRET : null,
    });
    expect(await perSeller.parseWebhook(fresh, Buffer.from(raw))).toHaveLength(1);
  });

  it('finds sales by polling the orders, page by page', async () => {
    const listing = listingInput({ quantity: 5 });
    const first = await connector.publish(listing);
    const since = clock.now();
    clock.advance(60_000);
    const { order } = await emulator.produceSale({ sku: listing.item.itemID });
    expect(await connector.fetchOrders(SCOPE, since)).toEqual([
      {
        orderId: order.purchase_id,
        listedID: first.listedID,
        sku: listing.item.itemID,
        soldAt: clock.now(),
        price: 45,
        // The test shop is in the UK: Depop's order says pounds.
        currency: 'GBP',
      },
    ]);
    clock.advance(60_000);
    expect(await connector.fetchOrders(SCOPE, clock.now() - 1000)).toEqual([]);

    for (let i = 0; i < 3; i += 1) {
      clock.advance(1000);
      await emulator.produceSale({ sku: listing.item.itemID });
    }
    const paged = makeConnector({ ordersPageSize: 2 });
    calls = [];
    const all = await paged.fetchOrders(SCOPE, since);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((o) => o.orderId)).size).toBe(4);
    expect(calls.map(shape)).toEqual(['GET /api/v1/orders/', 'GET /api/v1/orders/']);
    expectNoViolations(emulator);
  });

  it('says before sending what Depop would refuse (validate)', async () => {
    const problems = await connector.validate(
      listingInput({
        description: 'Write to me@example.com',
        price: 0.5,
        currency: 'EUR',
        condition: 'GOOD',
        category: null,
        shipping: { price: null },
        extra: { department: 'unisex' },
      }),
    );
    expect(problems.map((p) => p.path)).toEqual([
      'description',
      'price',
      'currency',
      'extra.department',
      'category',
      'condition',
      'size',
      'shipping',
    ]);
    // A relative photo URL needs the server's public URL to be fetched by Depop.
    const noPublicUrl = makeConnector({ publicUrl: undefined });
    await expect(noPublicUrl.publish(listingInput())).rejects.toThrow(
      /^Depop would refuse this listing: Depop fetches photos from the web, and photo 2 has no public address/,
    );
    expect(calls).toHaveLength(0);
  });

  it('fails with Depop’s own message when Depop refuses the product', async () => {
    const strict = await createDepopEmulator({
      clock,
      seller: { countryCode: 'GB' },
      apiKeys: [apiKey],
      rules: { manualShippingAllowed: false },
    });
    const strictRunning = await strict.listen();
    try {
      const listing = listingInput();
      const error = await makeConnector({ baseUrl: strictRunning.url })
        .publish(listing)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectorError);
      expect((error as ConnectorError).transient).toBe(false);
      expect((error as ConnectorError).message).toBe(
        `Depop: Failed to create or update product (sku: ${listing.item.itemID}) because manual shipping is not allowed for this user. This Depop shop must use Depop shipping: set the Depop shipping provider and parcel size instead of a shipping price.`,
      );
      expect(strict.violations).toEqual([]);
    } finally {
      await strictRunning.close();
    }
  });

  it('a revoked API key is a permanent "reconnect" error', async () => {
    emulator.revokeApiKey(apiKey);
    const error = (await connector
      .publish(listingInput())
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.message).toBe(RECONNECT);
    expect(error.transient).toBe(false);
    expect(auth.rejections).toBe(1);
    expect(calls.map((c) => c.status)).toEqual([401]);
    expectNoViolations(emulator);
  });

  it('turns a 429 into a transient error with the Retry-After', async () => {
    emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const error = (await connector
      .publish(listingInput())
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.transient).toBe(true);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toBe('Depop: Rate limit exceeded. Please retry later.');
    expectNoViolations(emulator);
  });

  it('turns a 5xx or a dropped connection into a transient error', async () => {
    emulator.faults.inject({ kind: 'server-error', status: 503 });
    const error = (await connector
      .publish(listingInput())
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(/^Depop had a problem \(503\): Depop: /);
    emulator.faults.inject({ kind: 'disconnect' });
    const dropped = (await connector
      .delist({ ...listingInput(), listedID: null })
      .catch((e: unknown) => e)) as ConnectorError;
    expect(dropped.transient).toBe(true);
    expectNoViolations(emulator);
  });

  it('checks an API key when the seller connects', async () => {
    expect(await connector.shopOf(apiKey)).toEqual({
      sellerId: String(emulator.seller.id),
      username: 'vintage_finds',
      countryCode: 'GB',
    });
    emulator.revokeApiKey(apiKey);
    await expect(connector.shopOf(apiKey)).rejects.toThrow(/Depop refused this API key/);
    expectNoViolations(emulator);
  });

  it('records a request the real API would refuse as a violation', async () => {
    const error = await connector.http
      .request(SCOPE, 'PUT', '/api/v1/products/by-sku/SKU-1/', {
        json: { description: 'No price', quantity: 'one', pictures: [] },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/^Depop: requestBody/);
    expect(emulator.violations).toHaveLength(1);
    const said = emulator.violations[0]?.messages.join(' ');
    expect(said).toMatch(/must have required property 'price_amount'/);
    expect(said).toMatch(/quantity must be number/);
    expect(said).toMatch(/pictures must NOT have fewer than 1 items/);
  });
});
