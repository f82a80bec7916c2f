import { BuiltListingSchema, type BuiltListingInput } from '@listloop/domain';
import { ManualClock, type EbayEmulator, type RunningEmulator } from '@listloop/emulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ConnectorError,
  type ConnectorListingInput,
  OAuthRefusedError,
  type OAuthProvider,
  type TokenSet,
} from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import {
  connectEbaySeller,
  EBAY_RECONNECT as RECONNECT,
  ebayTestConnector,
  seededEbayPolicies,
  startEbayHarness,
} from '../shared/testing/ebay-harness';
import { expectListingPage, expectNoViolations } from '../shared/testing/emulators';
import { JPEG_PHOTO, TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import { connectorInput, importedListing, testItem } from '../shared/testing/items';
import type { ProviderConnectionAuth } from '../shared/testing/provider-connection-auth';
import { ebayBusinessPolicies } from './business-policies';
import type { EbayConnector, EbayConnectorOptions } from './connector';

function listingInput(
  overrides: Partial<BuiltListingInput> & { itemID?: string } = {},
  policies: { fulfillment: string; payment: string; return: string },
): ConnectorListingInput {
  const { itemID, ...builtOverrides } = overrides;
  const item = testItem({ title: 'Levi’s 501 jeans' }, { itemID });
  const built = BuiltListingSchema.parse({
    marketplace: 'ebay',
    title: 'Levi’s 501 jeans, blue, 32x32',
    description: '<p>Classic straight fit, barely worn.</p>',
    price: 45,
    currency: 'USD',
    quantity: 1,
    condition: 'USED_GOOD',
    brand: 'Levi’s',
    category: '11483',
    size: '32x32',
    colour: 'Blue',
    photos: ['https://images.listloop.test/1.jpg', 'https://images.listloop.test/2.jpg'],
    shipping: { profileId: policies.fulfillment, fromPostalCode: '10001' },
    extra: {
      paymentPolicyId: policies.payment,
      returnPolicyId: policies.return,
      upc: '012345678905',
    },
    ...builtOverrides,
  });
  return connectorInput(item, built);
}

describe('eBay connector against the eBay emulator', () => {
  let clock: ManualClock;
  let emulator: EbayEmulator;
  let running: RunningEmulator;
  let provider: OAuthProvider;
  let auth: ProviderConnectionAuth;
  let connector: EbayConnector;
  let calls: MarketplaceCall[];
  let policies: { fulfillment: string; payment: string; return: string };

  const connect = (): Promise<TokenSet> => connectEbaySeller(provider);

  const makeConnector = (options: Partial<EbayConnectorOptions> = {}) =>
    ebayTestConnector(
      { running, auth },
      { onCall: (call) => calls.push(call), now: () => clock.now(), ...options },
    );

  const input = (overrides: Partial<BuiltListingInput> & { itemID?: string } = {}) =>
    listingInput(overrides, policies);

  const offersOf = (sku: string) =>
    [...emulator.store.offers.values()].filter((o) => o.sku === sku);

  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    ({ emulator, running, provider, auth } = await startEbayHarness({
      clock,
      rules: { leafCategoryIds: new Set(['11483', '57990', '15724']) },
    }));
    policies = seededEbayPolicies(emulator);
    calls = [];
    connector = makeConnector();
  });

  afterEach(async () => {
    await running.close();
  });

  it('connects through the OAuth provider: authorize redirect, code, tokens, refresh', async () => {
    const tokens = await connect();
    expect(tokens.accessToken).toMatch(/^v\^1\.1#/);
    expect(tokens.expiresAt).toBe(clock.now() + 7200 * 1000);
    expect(tokens.refreshTokenExpiresAt).toBe(clock.now() + 47_304_000 * 1000);
    const refreshed = await provider.refresh(tokens.refreshToken ?? '', {});
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBe(tokens.refreshToken);
    await expect(provider.refresh('not-a-token', {})).rejects.toBeInstanceOf(OAuthRefusedError);
    expectNoViolations(emulator);
  });

  it('publishes: inventory item, offer, publish; the listing page shows it', async () => {
    const listing = input();
    const result = await connector.publish(listing);
    expect(result.listedID).toMatch(/^\d+$/);
    expect(result.listingURL).toBe(`${running.url}/itm/${result.listedID}`);
    // First publish also creates the ship-from location: GET location, POST location.
    const shape = (c: MarketplaceCall) =>
      `${c.method} ${c.path.replace(/\/(location|inventory_item|offer)\/[^/]+/, '/$1/:id')}`;
    expect(calls.map(shape)).toEqual([
      'GET /sell/inventory/v1/location/:id',
      'POST /sell/inventory/v1/location/:id',
      'GET /sell/inventory/v1/offer',
      'PUT /sell/inventory/v1/inventory_item/:id',
      'POST /sell/inventory/v1/offer',
      'POST /sell/inventory/v1/offer/:id/publish',
    ]);

    const item = emulator.store.inventoryItems.get(listing.item.itemID);
    expect(item?.quantity).toBe(1);
    expect(item?.item).toMatchObject({
      condition: 'USED_GOOD',
      product: {
        title: 'Levi’s 501 jeans, blue, 32x32',
        aspects: { Brand: ['Levi’s'], Size: ['32x32'], Color: ['Blue'] },
        imageUrls: listing.built.photos,
        upc: ['012345678905'],
      },
    });
    const [offer] = offersOf(listing.item.itemID);
    expect(offer).toMatchObject({
      status: 'PUBLISHED',
      listing: { listingId: result.listedID, listingStatus: 'ACTIVE' },
    });
    expect(offer?.details).toMatchObject({
      categoryId: '11483',
      pricingSummary: { price: { value: '45.00', currency: 'USD' } },
      listingPolicies: {
        fulfillmentPolicyId: policies.fulfillment,
        paymentPolicyId: policies.payment,
        returnPolicyId: policies.return,
      },
      merchantLocationKey: 'LL-US-10001',
    });

    await expectListingPage(result.listingURL, 'Levi’s 501 jeans, blue, 32x32');

    calls = [];
    await connector.publish(input());
    expect(calls).toHaveLength(4);
    expectNoViolations(emulator);
  });

  it('updates a live listing in place: same listing id, new price and title', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    const changed = {
      ...listing,
      built: { ...listing.built, price: 39.5, title: 'Levi’s 501, 32x32' },
    };
    calls = [];
    const updated = await connector.update({ ...changed, listedID: first.listedID ?? '' });
    expect(updated.listedID).toBe(first.listedID);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT', 'PUT']);
    const [offer] = offersOf(listing.item.itemID);
    expect(offer?.details.pricingSummary).toEqual({ price: { value: '39.50', currency: 'USD' } });
    expect(emulator.store.inventoryItems.get(listing.item.itemID)?.item.product).toMatchObject({
      title: 'Levi’s 501, 32x32',
    });
    expect(emulator.revisionsToday(first.listedID ?? '')).toBe(2);
    expectNoViolations(emulator);
  });

  it('delists by withdrawing the offer (2 calls), again without error, then relists', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    calls = [];
    await connector.delist({ ...listing, listedID: first.listedID ?? null });
    expect(calls.map((c) => `${c.method} ${c.status}`)).toEqual(['GET 200', 'POST 200']);
    expect(offersOf(listing.item.itemID)[0]).toMatchObject({
      status: 'UNPUBLISHED',
      listing: null,
    });
    expect((await fetch(first.listingURL ?? '')).status).toBe(404);

    calls = [];
    await connector.delist({ ...listing, listedID: first.listedID ?? null });
    expect(calls).toHaveLength(1);

    const relisted = await connector.publish(listing);
    expect(relisted.listedID).not.toBe(first.listedID);
    expect(offersOf(listing.item.itemID)).toHaveLength(1);
    expect(offersOf(listing.item.itemID)[0]).toMatchObject({ status: 'PUBLISHED' });
    expectNoViolations(emulator);
  });

  it('changes the quantity with bulk_update_price_quantity (1 call)', async () => {
    const listing = input({ quantity: 2 });
    const first = await connector.publish(listing);
    calls = [];
    await connector.updateQuantity({ ...listing, listedID: first.listedID ?? '', quantity: 5 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /sell/inventory/v1/bulk_update_price_quantity',
    ]);
    expect(emulator.store.inventoryItems.get(listing.item.itemID)?.quantity).toBe(5);
    const [offer] = offersOf(listing.item.itemID);
    expect(offer && emulator.store.available(offer)).toBe(5);
    expectNoViolations(emulator);
  });

  it('reads the category tree of its site: the default tree, then every category, flat', async () => {
    const categories = connector.categories!;
    expect(categories).toMatchObject({ needsConnection: true, leavesOnly: true });
    const treeId = await categories.treeId(SCOPE);
    expect(treeId).toBe('0');
    const tree = await categories.tree(SCOPE, treeId);
    expect(tree.version).toBe('130');
    expect(tree.categories[0]).toEqual({
      id: '11450',
      name: 'Clothing, Shoes & Accessories',
      parentId: null,
      leaf: false,
    });
    expect(tree.categories).toContainEqual({
      id: '11483',
      name: 'Jeans',
      parentId: '1059',
      leaf: true,
    });
    expect(tree.categories.some((c) => c.id === '0')).toBe(false);
    expectNoViolations(emulator);
  });

  it('finds a sale by polling getOrders once, and pages through many orders', async () => {
    const listing = input({ quantity: 3 });
    const first = await connector.publish(listing);
    const since = clock.now();
    clock.advance(60_000);
    const order = emulator.produceSale({ listingId: first.listedID ?? '' });
    const offer = offersOf(listing.item.itemID)[0];
    expect(offer && emulator.store.available(offer)).toBe(2);

    const orders = await connector.fetchOrders(SCOPE, since);
    expect(orders).toEqual([
      {
        orderId: order.orderId,
        listedID: first.listedID,
        sku: listing.item.itemID,
        soldAt: clock.now(),
        price: 45,
        currency: 'USD',
        // eBay's shipByDate: the sale plus the fulfillment policy's two days of handling.
        shipBy: clock.now() + 2 * 24 * 60 * 60 * 1000,
      },
    ]);
    clock.advance(60_000);
    expect(await connector.fetchOrders(SCOPE, clock.now() - 1000)).toEqual([]);

    const paged = makeConnector({ ordersPageSize: 2 });
    const many = input({ quantity: 10 });
    await paged.publish(many);
    for (let i = 0; i < 5; i += 1) emulator.produceSale({ sku: many.item.itemID });
    calls = [];
    const all = await paged.fetchOrders(SCOPE, since);
    expect(all).toHaveLength(6);
    expect(new Set(all.map((o) => o.orderId)).size).toBe(6);
    expect(calls).toHaveLength(3);
    expectNoViolations(emulator);
  });

  it('sells through the listing page’s "Simulate a sale" button', async () => {
    const first = await connector.publish(input());
    const response = await fetch(`${running.url}/__emulator/sales`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ listingId: first.listedID ?? '' }).toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain(`/itm/${first.listedID}`);
    expect(emulator.store.orders.size).toBe(1);
    const [offer] = [...emulator.store.offers.values()];
    expect(offer?.listing?.listingStatus).toBe('ENDED');
    expectNoViolations(emulator);
  });

  it('fails with eBay’s own message when eBay refuses the listing', async () => {
    const error = await connector.publish(input({ category: '99999' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).transient).toBe(false);
    expect((error as ConnectorError).message).toBe(
      'eBay: The eBay listing associated with the inventory item, or the unpublished offer has an invalid category ID. The category 99999 is not a valid leaf category.',
    );
    expectNoViolations(emulator);
  });

  it('says clearly what eBay misses before sending (validate)', async () => {
    const problems = await connector.validate(
      input({
        category: null,
        condition: 'GENTLY_USED',
        shipping: { profileId: policies.fulfillment, fromPostalCode: null },
      }),
    );
    expect(problems.map((p) => [p.path, p.code])).toEqual([
      ['condition', 'condition.notMappable'],
      ['category', 'field.missing'],
      ['shipping.fromPostalCode', 'field.missing'],
    ]);
    // A general category typed where eBay's id belongs: said before anything is sent.
    const typed = await connector.validate(input({ category: 'Men › Jeans' }));
    expect(typed).toEqual([
      {
        path: 'category',
        code: 'category.notMarketplaceCategory',
        params: { marketplace: 'eBay', category: 'Men › Jeans' },
        message:
          "'Men › Jeans' is not one of eBay’s categories; choose one on the eBay tab, or map this category with a category mapping rule for eBay.",
      },
    ]);
    await expect(connector.publish(input({ category: null }))).rejects.toThrow(
      'eBay would refuse this listing: eBay needs a category; set it on the item or in the eBay defaults.',
    );
  });

  it('refreshes once on a 401 and goes on', async () => {
    emulator.oauth.expireAccessTokens();
    const result = await connector.publish(input());
    expect(result.listedID).toBeTruthy();
    expect(auth.refreshes).toBe(1);
    expect(calls.filter((c) => c.status === 401)).toHaveLength(1);
    expectNoViolations(emulator);
  });

  it('surfaces the ConnectionAuth’s error when eBay refuses the refresh', async () => {
    emulator.oauth.expireAccessTokens();
    emulator.oauth.revokeRefreshTokens();
    const error = await connector.publish(input()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toBe(RECONNECT);
    expect((error as ConnectorError).transient).toBe(false);
    expectNoViolations(emulator);
  });

  it('turns a 429 into a transient error with eBay’s Retry-After', async () => {
    emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 7 });
    const error = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.transient).toBe(true);
    expect(error.retryAfterSeconds).toBe(7);
    expect(error.message).toBe(
      'eBay: Too many requests. The request limit has been reached for the resource.',
    );
    expectNoViolations(emulator);
  });

  it('turns a 5xx or a dropped connection into a transient error', async () => {
    emulator.faults.inject({ kind: 'server-error', status: 503 });
    const error = (await connector.publish(input()).catch((e: unknown) => e)) as ConnectorError;
    expect(error.transient).toBe(true);
    expect(error.message).toMatch(
      /^eBay had a problem \(503\): eBay: A system error has occurred\./,
    );
    emulator.faults.inject({ kind: 'disconnect' });
    const dropped = (await connector
      .delist({ ...input(), listedID: null })
      .catch((e: unknown) => e)) as ConnectorError;
    expect(dropped.transient).toBe(true);
    expectNoViolations(emulator);
  });

  it('publishes idempotently: a retry after a failed publish reuses the offer; a repeat finds the live listing', async () => {
    const listing = input();
    emulator.faults.inject({ kind: 'server-error', operationId: 'publishOffer' });
    await expect(connector.publish(listing)).rejects.toMatchObject({ transient: true });
    expect(offersOf(listing.item.itemID)).toMatchObject([{ status: 'UNPUBLISHED' }]);

    const retried = await connector.publish(listing);
    expect(offersOf(listing.item.itemID)).toHaveLength(1);
    calls = [];
    const again = await connector.publish(listing);
    expect(again).toEqual(retried);
    expect(calls.map((c) => c.method)).toEqual(['GET', 'PUT']);
    expect(offersOf(listing.item.itemID)).toHaveLength(1);
    expectNoViolations(emulator);
  });

  describe('a listing imported from eBay (marketplaceSku)', () => {
    /** The seller's listing made on eBay, and the item's listing as the import stores it. */
    const imported = async (sku: string, active = true) => {
      emulator.addExistingListing({
        sku,
        title: 'Waxed jacket, olive, M',
        description: 'Made on eBay before ListLoop.',
        price: 80,
        quantity: 1,
        condition: 'USED_EXCELLENT',
        brand: 'Barbour',
        photos: [JPEG_PHOTO],
        active,
      });
      const page = await connector.fetchListings(SCOPE, null);
      const found = page.listings.find((l) => l.sku === sku);
      if (!found) throw new Error(`The import does not read ${sku}`);
      const base = input({ price: 75, quantity: 1 });
      return {
        found,
        input: { ...base, listing: importedListing(found) },
      };
    };

    it('updates, changes the quantity of, delists and relists the seller’s own listing', async () => {
      const { found, input: listing } = await imported('JKT-042');
      const items = emulator.store.inventoryItems.size;
      const offers = emulator.store.offers.size;
      const [offer] = offersOf('JKT-042');
      expect(found.listedID).toBe(offer?.listing?.listingId);

      const updated = await connector.update({
        ...listing,
        built: { ...listing.built, title: 'Barbour waxed jacket, olive, M', price: 69 },
        listedID: found.listedID,
      });
      expect(updated).toEqual({
        listedID: found.listedID,
        listingURL: found.listingURL,
        sku: 'JKT-042',
      });
      expect(emulator.store.inventoryItems.get('JKT-042')?.item.product).toMatchObject({
        title: 'Barbour waxed jacket, olive, M',
      });
      expect(offersOf('JKT-042')[0]?.details.pricingSummary).toEqual({
        price: { value: '69.00', currency: 'USD' },
      });

      calls = [];
      await connector.updateQuantity({ ...listing, listedID: found.listedID, quantity: 3 });
      expect(calls.map((c) => c.path)).toEqual(['/sell/inventory/v1/bulk_update_price_quantity']);
      expect(emulator.store.inventoryItems.get('JKT-042')?.quantity).toBe(3);

      await connector.delist({ ...listing, listedID: found.listedID });
      expect(offersOf('JKT-042')).toMatchObject([{ status: 'UNPUBLISHED', listing: null }]);
      expect((await fetch(found.listingURL ?? '')).status).toBe(404);

      const relisted = await connector.publish(listing);
      expect(offersOf('JKT-042')).toMatchObject([
        {
          offerId: offer?.offerId,
          status: 'PUBLISHED',
          listing: { listingId: relisted.listedID },
        },
      ]);
      // The seller's listing throughout: no inventory item or offer under our item id.
      expect(emulator.store.inventoryItems.size).toBe(items);
      expect(emulator.store.offers.size).toBe(offers);
      expect(emulator.store.inventoryItems.has(listing.item.itemID)).toBe(false);
      expect(offersOf(listing.item.itemID)).toEqual([]);
      expectNoViolations(emulator);
    });

    it('publishes the seller’s offer that was never published (listedID: its SKU)', async () => {
      const { found, input: listing } = await imported('DRAFT-7', false);
      expect(found).toMatchObject({ listedID: 'DRAFT-7', state: 'inactive' });
      const offers = emulator.store.offers.size;
      const published = await connector.publish(listing);
      expect(offersOf('DRAFT-7')).toMatchObject([
        { status: 'PUBLISHED', listing: { listingId: published.listedID } },
      ]);
      expect(emulator.store.offers.size).toBe(offers);
      expect(emulator.store.inventoryItems.has(listing.item.itemID)).toBe(false);
      expectNoViolations(emulator);
    });

    it('keeps our item id as the SKU when the listing has no marketplace SKU', async () => {
      const listing = input();
      for (const marketplaceSku of [null, '', '  ']) {
        const built = await connector.build({ ...listing, listing: { marketplaceSku } });
        expect(built.sku).toBe(listing.item.itemID);
      }
      const imported = await connector.build({ ...listing, listing: { marketplaceSku: 'A-1' } });
      expect(imported).toMatchObject({ sku: 'A-1', offer: { sku: 'A-1' } });
    });
  });

  describe('the seller’s SKU (decision 0024)', () => {
    const listed = (listedID: string | null | undefined, marketplaceSku?: string | null) => ({
      status: 'listed',
      listedID: listedID ?? null,
      ...(marketplaceSku ? { marketplaceSku } : {}),
    });

    it('publishes under the seller’s SKU and answers it; a sale found by polling names it', async () => {
      const listing = input({ sku: 'LV-501-32' });
      expect(await connector.validate(listing)).toEqual([]);
      const published = await connector.publish(listing);
      expect(published.sku).toBe('LV-501-32');
      expect(emulator.store.inventoryItems.has('LV-501-32')).toBe(true);
      expect(emulator.store.inventoryItems.has(listing.item.itemID)).toBe(false);
      expect(offersOf('LV-501-32')).toMatchObject([
        { status: 'PUBLISHED', listing: { listingId: published.listedID } },
      ]);

      const since = clock.now();
      clock.advance(60_000);
      const order = emulator.produceSale({ listingId: published.listedID ?? '' });
      expect(await connector.fetchOrders(SCOPE, since)).toEqual([
        expect.objectContaining({
          orderId: order.orderId,
          listedID: published.listedID,
          sku: 'LV-501-32',
        }),
      ]);
      expectNoViolations(emulator);
    });

    it('acts on the listing by the SKU it was sent, whatever the item’s SKU becomes', async () => {
      const listing = input({ sku: 'LV-501-32' });
      const published = await connector.publish(listing);
      const renamed = {
        ...listing,
        listing: listed(published.listedID, published.sku),
        built: { ...listing.built, sku: 'LV-501-99', price: 39 },
      };
      const updated = await connector.update({ ...renamed, listedID: published.listedID ?? '' });
      expect(updated).toMatchObject({ listedID: published.listedID, sku: 'LV-501-32' });
      expect(offersOf('LV-501-32')[0]?.details.pricingSummary).toEqual({
        price: { value: '39.00', currency: 'USD' },
      });
      expect(emulator.store.inventoryItems.has('LV-501-99')).toBe(false);
      await connector.delist({ ...renamed, listedID: published.listedID ?? null });
      expect(offersOf('LV-501-32')[0]).toMatchObject({ status: 'UNPUBLISHED' });
      expect(emulator.store.offers.size).toBe(1);
      expectNoViolations(emulator);
    });

    it('a listing made before sellers’ SKUs were sent is updated and delisted under the item id', async () => {
      // Then ListLoop sent the item id, and kept no SKU on the listing.
      const before = input({ sku: '' });
      const published = await connector.publish(before);
      expect(published.sku).toBe(before.item.itemID);
      const now = {
        ...before,
        listing: listed(published.listedID),
        built: { ...before.built, sku: 'LV-501-32', price: 41 },
      };
      expect(await connector.validate(now)).toEqual([]);
      const updated = await connector.update({ ...now, listedID: published.listedID ?? '' });
      expect(updated).toMatchObject({ listedID: published.listedID, sku: before.item.itemID });
      expect(offersOf(before.item.itemID)[0]?.details.pricingSummary).toEqual({
        price: { value: '41.00', currency: 'USD' },
      });
      expect(emulator.store.inventoryItems.has('LV-501-32')).toBe(false);
      await connector.delist({ ...now, listedID: published.listedID ?? null });
      expect(offersOf(before.item.itemID)[0]).toMatchObject({ status: 'UNPUBLISHED' });
      expect(emulator.store.offers.size).toBe(1);
      expectNoViolations(emulator);
    });

    it('says when eBay cannot take the seller’s SKU, and sends nothing in its place', async () => {
      const spaced = input({ sku: 'LV 501/32' });
      expect(await connector.validate(spaced)).toEqual([
        expect.objectContaining({
          code: 'sku.characters',
          path: 'sku',
          message: 'eBay SKUs may use only A–Z a–z 0–9 - _ .; change the SKU LV 501/32.',
        }),
      ]);
      await expect(connector.publish(spaced)).rejects.toThrow(/eBay SKUs may use only/);
      const long = input({ sku: 'L'.repeat(51) });
      expect(await connector.validate(long)).toEqual([
        expect.objectContaining({
          code: 'sku.tooLong',
          path: 'sku',
          message: expect.stringMatching(/^eBay SKUs are at most 50 characters/),
        }),
      ]);
      await expect(connector.publish(long)).rejects.toBeInstanceOf(ConnectorError);
      expect(emulator.store.inventoryItems.size).toBe(0);
      expectNoViolations(emulator);
    });

    it('an update of a listing no longer live on eBay is refused, never published again', async () => {
      const listing = input({ sku: 'LV-501-32' });
      const published = await connector.publish(listing);
      await connector.delist({ ...listing, listedID: published.listedID ?? null });
      const stale = { ...listing, listing: listed(published.listedID, 'LV-501-32') };
      const refused = connector.update({ ...stale, listedID: published.listedID ?? '' });
      await expect(refused).rejects.toThrow(/no longer live on eBay/);
      await expect(refused).rejects.toMatchObject({ transient: false });
      expect(offersOf('LV-501-32')[0]).toMatchObject({ status: 'UNPUBLISHED', listing: null });
      expectNoViolations(emulator);
    });
  });

  it('respects the daily revision limit: eBay’s refusal, and its own count', async () => {
    const listing = input();
    const first = await connector.publish(listing);
    const listedID = first.listedID ?? '';
    emulator.setRevisionsToday(listedID, 250);
    const refused = (await connector
      .updateQuantity({ ...listing, listedID, quantity: 4 })
      .catch((e: unknown) => e)) as ConnectorError;
    expect(refused).toBeInstanceOf(ConnectorError);
    expect(refused.transient).toBe(true);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.message).toMatch(/250 revisions a day/);
    // Remembered: the next revision is not even sent.
    calls = [];
    await expect(connector.updateQuantity({ ...listing, listedID, quantity: 3 })).rejects.toThrow(
      /250 revisions/,
    );
    expect(calls).toHaveLength(0);

    const counted = makeConnector({ revisionsPerDay: 2 });
    const other = input();
    const live = await counted.publish(other);
    await counted.updateQuantity({ ...other, listedID: live.listedID ?? '', quantity: 2 });
    await counted.updateQuantity({ ...other, listedID: live.listedID ?? '', quantity: 3 });
    calls = [];
    await expect(
      counted.updateQuantity({ ...other, listedID: live.listedID ?? '', quantity: 4 }),
    ).rejects.toMatchObject({ transient: true });
    expect(calls).toHaveLength(0);
    expectNoViolations(emulator);
  });

  it('uses the seller’s default policies when the listing names none', async () => {
    const listing = input({ extra: {}, shipping: { profileId: null, fromPostalCode: '10001' } });
    await connector.publish(listing);
    expect(offersOf(listing.item.itemID)[0]?.details.listingPolicies).toEqual({
      fulfillmentPolicyId: policies.fulfillment,
      paymentPolicyId: policies.payment,
      returnPolicyId: policies.return,
    });
    expectNoViolations(emulator);
  });

  it('answers the business-polices call from the Account API: by id, by name, all', async () => {
    const byId = await ebayBusinessPolicies(
      connector.http,
      SCOPE,
      'fulfillment',
      policies.fulfillment,
    );
    expect(byId).toMatchObject([
      { id: policies.fulfillment, name: 'Standard shipping', isDefault: true },
    ]);
    expect(await connector.businessPolicies(SCOPE, 'return', '30-day returns')).toMatchObject([
      { id: policies.return, type: 'return' },
    ]);
    expect(await connector.businessPolicies(SCOPE, 'payment', 'IMMEDIATE')).toMatchObject([
      { id: policies.payment },
    ]);
    expect(await connector.businessPolicies(SCOPE, 'payment', '*')).toHaveLength(1);
    expect(await connector.businessPolicies(SCOPE, 'payment', '123')).toEqual([]);
    expectNoViolations(emulator);
  });

  it('readies a newly connected seller: business-policy opt-in and the ship-from location', async () => {
    emulator.store.optedInPrograms.clear();
    await connector.prepareSeller(SCOPE, { postalCode: '94105' });
    expect([...emulator.store.optedInPrograms]).toEqual(['SELLING_POLICY_MANAGEMENT']);
    expect(emulator.store.locations.get('LL-US-94105')?.status).toBe('ENABLED');
    expectNoViolations(emulator);
  });

  it('records a request the real API would refuse as a violation', async () => {
    const error = await connector.http
      .request(SCOPE, 'PUT', `/sell/inventory/v1/inventory_item/${'x'.repeat(10)}`, {
        json: { availability: { shipToLocationAvailability: { quantity: 'two' } } },
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).message).toMatch(/^eBay: Invalid request/);
    expect(emulator.violations).toHaveLength(1);
    expect(emulator.violations[0]?.messages.join(' ')).toMatch(/content-language/);
    expect(emulator.violations[0]?.messages.join(' ')).toMatch(/quantity must be integer/);
  });
});
