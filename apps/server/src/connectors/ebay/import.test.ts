import { checkListing } from '@listloop/domain';
import {
  ManualClock,
  type EbayEmulator,
  type EbayExistingListingInput,
  type RunningEmulator,
} from '@listloop/emulators';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorError, type ConnectorExistingListing } from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import {
  ebayTestConnector,
  seededEbayPolicies,
  startEbayHarness,
} from '../shared/testing/ebay-harness';
import { expectNoViolations } from '../shared/testing/emulators';
import { JPEG_PHOTO, PNG_PHOTO, TEST_SCOPE as SCOPE } from '../shared/testing/fixtures';
import { importedListingInput } from '../shared/testing/items';
import type { ProviderConnectionAuth } from '../shared/testing/provider-connection-auth';
import {
  createGuardedFetcher,
  trustOrigins,
  type GuardedFetcher,
} from '../../platform/net/guarded-fetch';
import type { EbayConnector, EbayConnectorOptions } from './connector';
import { itemConditionFromEbay } from './mapper';

describe('eBay connector: import of the seller’s existing listings', () => {
  let emulator: EbayEmulator;
  let running: RunningEmulator;
  let auth: ProviderConnectionAuth;
  let calls: MarketplaceCall[];
  /** Downloads from the emulator on 127.0.0.1. */
  let photoFetcher: GuardedFetcher;

  const makeConnector = (options: Partial<EbayConnectorOptions> = {}): EbayConnector =>
    ebayTestConnector(
      { running, auth },
      { onCall: (call) => calls.push(call), photoFetcher, ...options },
    );

  const existing = (
    sku: string,
    overrides: Partial<EbayExistingListingInput> = {},
  ): EbayExistingListingInput => ({
    sku,
    title: `Listing ${sku}`,
    description: `Made on eBay: ${sku}.`,
    price: 20,
    quantity: 1,
    condition: 'USED_GOOD',
    brand: 'Acme',
    photos: [JPEG_PHOTO],
    ...overrides,
  });

  /** Every page from the first, with the calls each took. */
  const readAll = async (connector: EbayConnector) => {
    const pages: Array<{ listings: ConnectorExistingListing[]; calls: string[] }> = [];
    let cursor: string | null = null;
    do {
      calls = [];
      const page = await connector.fetchListings(SCOPE, cursor);
      pages.push({
        listings: page.listings,
        calls: calls.map((c) => `${c.method} ${c.path.replace(/\?.*$/, '')}`),
      });
      cursor = page.nextCursor;
    } while (cursor !== null && pages.length < 20);
    return pages;
  };

  beforeEach(async () => {
    ({ emulator, running, auth } = await startEbayHarness({ clock: new ManualClock(Date.now()) }));
    photoFetcher = createGuardedFetcher({ trusts: trustOrigins([running.url]) });
    calls = [];
  });

  afterEach(async () => {
    await photoFetcher.close();
    await running.close();
  });

  it('reads every listing page by page (1 + n calls for n items, 1 per location), all fields, photos downloadable', async () => {
    const jeans = emulator.addExistingListing(
      existing('JEANS-1', {
        title: 'Levi’s 501, 32x32',
        description: 'Barely worn.',
        price: 45.5,
        quantity: 3,
        condition: 'USED_EXCELLENT',
        brand: 'Levi’s',
        color: 'Blue',
        size: '32x32',
        photos: [JPEG_PHOTO, PNG_PHOTO],
      }),
    );
    const hat = emulator.addExistingListing(existing('HAT-1', { condition: 'NEW' }));
    const paused = emulator.addExistingListing(
      existing('OFF-1', { active: false, condition: 'FOR_PARTS_OR_NOT_WORKING', price: 5 }),
    );
    const sold = emulator.addExistingListing(existing('SOLD-1', { condition: 'NEW_OTHER' }));
    emulator.produceSale({ listingId: sold.listingId ?? '' }); // its last one: the listing ends
    emulator.addExistingListing(existing('DRAFT-1', { withoutOffer: true, photos: [] }));

    const connector = makeConnector({ importPageSize: 2 });
    const pages = await readAll(connector);
    const policies = seededEbayPolicies(emulator);
    expect(pages.map((p) => p.listings.map((l) => l.sku))).toEqual([
      ['JEANS-1', 'HAT-1'],
      ['OFF-1', 'SOLD-1'],
      ['DRAFT-1'],
    ]);
    const offers = 'GET /sell/inventory/v1/offer';
    const items = 'GET /sell/inventory/v1/inventory_item';
    // The offers ship from one location of the seller's: its postal code is read once a page.
    const location = 'GET /sell/inventory/v1/location/seller-home';
    expect(pages.map((p) => p.calls)).toEqual([
      [items, offers, offers, location],
      [items, offers, offers, location],
      [items, offers],
    ]);

    const [first, second, third] = pages.map((p) => p.listings);
    expect(first?.[0]).toEqual({
      listedID: jeans.listingId,
      listingURL: `${running.url}/itm/${jeans.listingId}`,
      sku: 'JEANS-1',
      state: 'active',
      title: 'Levi’s 501, 32x32',
      description: 'Barely worn.',
      price: 45.5,
      quantity: 3,
      brand: 'Levi’s',
      condition: 'like_new',
      primaryColor: 'Blue',
      size: '32x32',
      photoUrls: jeans.photoUrls,
      listingFields: {
        category: '11483',
        shipping: { profileId: policies.fulfillment, fromPostalCode: '10001' },
        extra: {
          paymentPolicyId: policies.payment,
          returnPolicyId: policies.return,
          merchantLocationKey: 'seller-home',
          merchantLocationPostalCode: '10001',
        },
      },
    });
    expect(first?.[1]).toMatchObject({
      listedID: hat.listingId,
      state: 'active',
      condition: 'new_with_tags',
      primaryColor: null,
      size: null,
    });
    expect(second?.[0]).toMatchObject({
      listedID: 'OFF-1',
      listingURL: null,
      state: 'inactive',
      price: 5,
      quantity: 1,
      condition: 'poor',
    });
    expect(second?.[1]).toMatchObject({
      listedID: sold.listingId,
      listingURL: `${running.url}/itm/${sold.listingId}`,
      state: 'inactive',
      quantity: 0,
      condition: 'new_without_tags',
    });
    expect(third?.[0]).toMatchObject({
      listedID: 'DRAFT-1',
      listingURL: null,
      state: 'inactive',
      price: null,
      quantity: 1,
      photoUrls: [],
    });
    // Without an offer there is no category, policy or location to keep.
    expect(third?.[0]?.listingFields).toBeUndefined();
    expect(second?.[0]?.listingFields).toMatchObject({ category: '11483' });
    expect(paused.listingId).toBeNull();

    const photos = await Promise.all(
      (first?.[0]?.photoUrls ?? []).map((url) => connector.fetchPhoto(url)),
    );
    expect(photos).toEqual([JPEG_PHOTO, PNG_PHOTO]);
    expectNoViolations(emulator);
  });

  it('keeps what the eBay listing holds beyond the general details, so it revises as it is', async () => {
    const made = emulator.addExistingListing(
      existing('COAT-1', {
        title: 'Barbour wax jacket',
        price: 120,
        condition: 'USED_EXCELLENT',
        brand: 'Barbour',
        color: 'Olive',
        size: 'M',
        categoryId: '57988',
        aspects: { Material: ['Waxed cotton'], Style: ['Field'] },
        upc: '012345678905',
        mpn: 'MWX0018',
        conditionDescription: 'A mark on the left cuff.',
      }),
    );
    const connector = makeConnector();
    const [found] = (await connector.fetchListings(SCOPE, null)).listings;
    const policies = seededEbayPolicies(emulator);
    expect(found?.listingFields).toEqual({
      category: '57988',
      shipping: { profileId: policies.fulfillment, fromPostalCode: '10001' },
      extra: {
        paymentPolicyId: policies.payment,
        returnPolicyId: policies.return,
        merchantLocationKey: 'seller-home',
        merchantLocationPostalCode: '10001',
        // Brand, colour and size are general details; the other specifics are eBay's own.
        aspects: { Material: ['Waxed cotton'], Style: ['Field'] },
        upc: '012345678905',
        mpn: 'MWX0018',
        conditionDescription: 'A mark on the left cuff.',
      },
    });

    const input = importedListingInput(found as ConnectorExistingListing, 'ebay');
    // Nothing for the seller to fill in: not the engine's checks, not eBay's.
    expect(checkListing('ebay', input.built)).toEqual([]);
    expect(await connector.validate(input)).toEqual([]);

    calls = [];
    const revised = await connector.update({
      ...input,
      built: { ...input.built, price: 110 },
      listedID: made.listingId ?? '',
    });
    expect(revised).toEqual({
      listedID: made.listingId,
      listingURL: `${running.url}/itm/${made.listingId}`,
      sku: 'COAT-1',
    });
    // The seller's own listing, location and policies: no second offer, no new location.
    expect(calls.map((c) => `${c.method} ${c.path.replace(/\?.*$/, '')}`)).toEqual([
      'GET /sell/inventory/v1/offer',
      'PUT /sell/inventory/v1/inventory_item/COAT-1',
      `PUT /sell/inventory/v1/offer/${made.offerId}`,
    ]);
    const offer = emulator.store.offers.get(made.offerId ?? '');
    expect(offer?.details).toMatchObject({
      categoryId: '57988',
      merchantLocationKey: 'seller-home',
      pricingSummary: { price: { value: '110.00', currency: 'USD' } },
      listingPolicies: {
        fulfillmentPolicyId: policies.fulfillment,
        paymentPolicyId: policies.payment,
        returnPolicyId: policies.return,
      },
    });
    expect(emulator.store.offersForSku('COAT-1')).toHaveLength(1);
    expect([...emulator.store.locations.keys()]).toEqual(['seller-home']);
    expect(emulator.store.inventoryItems.get('COAT-1')?.item).toMatchObject({
      condition: 'USED_EXCELLENT',
      conditionDescription: 'A mark on the left cuff.',
      product: {
        upc: ['012345678905'],
        mpn: 'MWX0018',
        aspects: {
          Material: ['Waxed cotton'],
          Style: ['Field'],
          Brand: ['Barbour'],
          Color: ['Olive'],
          Size: ['M'],
        },
      },
    });
    expectNoViolations(emulator);
  });

  it('reads a seller with nothing on eBay as one empty page; 100 items a page by default', async () => {
    const connector = makeConnector();
    await expect(connector.fetchListings(SCOPE, null)).resolves.toEqual({
      listings: [],
      nextCursor: null,
    });
    expect(calls.map((c) => c.path)).toEqual(['/sell/inventory/v1/inventory_item']);
    emulator.addExistingListing(existing('ONE'));
    const page = await connector.fetchListings(SCOPE, null);
    expect(page).toMatchObject({ listings: [{ sku: 'ONE' }], nextCursor: null });
    await expect(connector.fetchListings(SCOPE, 'page two')).rejects.toBeInstanceOf(ConnectorError);
    expectNoViolations(emulator);
  });

  it('refreshes once on a 401 and goes on', async () => {
    emulator.addExistingListing(existing('ONE'));
    emulator.oauth.expireAccessTokens();
    const page = await makeConnector().fetchListings(SCOPE, null);
    expect(page.listings).toHaveLength(1);
    expect(auth.refreshes).toBe(1);
    expectNoViolations(emulator);
  });

  it('fails transiently on a 429 (with Retry-After) or a 5xx, on either call', async () => {
    emulator.addExistingListing(existing('ONE'));
    emulator.addExistingListing(existing('TWO'));
    const connector = makeConnector();
    emulator.faults.inject({ kind: 'rate-limit', retryAfterSeconds: 9 });
    const limited = (await connector
      .fetchListings(SCOPE, null)
      .catch((e: unknown) => e)) as ConnectorError;
    expect(limited).toBeInstanceOf(ConnectorError);
    expect(limited.transient).toBe(true);
    expect(limited.retryAfterSeconds).toBe(9);

    emulator.faults.inject({ kind: 'server-error', status: 503, operationId: 'getOffers' });
    const failed = (await connector
      .fetchListings(SCOPE, null)
      .catch((e: unknown) => e)) as ConnectorError;
    expect(failed).toBeInstanceOf(ConnectorError);
    expect(failed.transient).toBe(true);
    expect(failed.message).toMatch(/^eBay had a problem \(503\)/);

    // Retried, the same page comes back whole.
    const page = await connector.fetchListings(SCOPE, null);
    expect(page.listings.map((l) => l.sku)).toEqual(['ONE', 'TWO']);
    expectNoViolations(emulator);
  });

  it('fails permanently on a photo that is gone (404)', async () => {
    const { photoUrls } = emulator.addExistingListing(existing('ONE'));
    const gone = (photoUrls[0] ?? '').replace(/\/g\/\w+\//, '/g/p999999/');
    const error = (await makeConnector()
      .fetchPhoto(gone)
      .catch((e: unknown) => e)) as ConnectorError;
    expect(error).toBeInstanceOf(ConnectorError);
    expect(error.transient).toBe(false);
    expect(error.message).toBe(
      'ListLoop could not download a photo from eBay: the answer was 404.',
    );
  });

  it('refuses a photo on a private network address in live mode (no trusted origin)', async () => {
    const { photoUrls } = emulator.addExistingListing(existing('ONE'));
    const local = (photoUrls[0] ?? '').replace(/^http:/, 'https:');
    expect(new URL(local).hostname).toBe('127.0.0.1');
    const guard = createGuardedFetcher();
    try {
      const error = (await makeConnector({ photoFetcher: guard })
        .fetchPhoto(local)
        .catch((e: unknown) => e)) as ConnectorError;
      expect(error).toBeInstanceOf(ConnectorError);
      expect(error.transient).toBe(false);
      expect(error.message).toBe(
        'ListLoop could not download a photo from eBay: 127.0.0.1 is a private network address, and ListLoop downloads photos only from the public internet.',
      );
    } finally {
      await guard.close();
    }
    // Trusted (the tests' emulator), the same photo downloads.
    await expect(makeConnector().fetchPhoto(photoUrls[0] ?? '')).resolves.toMatchObject({
      contentType: 'image/jpeg',
    });
  });
});

describe('eBay conditions read back', () => {
  it('reverses the catalogue’s mapping, and places eBay’s other conditions', () => {
    expect(
      ['NEW', 'NEW_OTHER', 'USED_EXCELLENT', 'USED_GOOD', 'USED_ACCEPTABLE'].map(
        itemConditionFromEbay,
      ),
    ).toEqual(['new_with_tags', 'new_without_tags', 'like_new', 'good', 'fair']);
    expect(
      ['LIKE_NEW', 'USED_VERY_GOOD', 'FOR_PARTS_OR_NOT_WORKING', 'SELLER_REFURBISHED'].map(
        itemConditionFromEbay,
      ),
    ).toEqual(['like_new', 'good', 'poor', 'good']);
    expect(itemConditionFromEbay('SOMETHING_NEW')).toBeNull();
    expect(itemConditionFromEbay(undefined)).toBeNull();
  });
});
