import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../core/clock';
import type { RunningEmulator } from '../core/emulator-server';
import { describeViolations } from '../core/violations';
import { createEbayEmulator, type EbayEmulator } from './ebay-emulator';
import { EbayExistingListingError, type EbayExistingListingInput } from './existing-listings';

const INVENTORY = '/sell/inventory/v1';
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);

describe('eBay emulator: listings the seller made on eBay before ListLoop', () => {
  let emulator: EbayEmulator;
  let running: RunningEmulator;
  let token: string;

  beforeEach(async () => {
    emulator = await createEbayEmulator({
      clock: new ManualClock(Date.UTC(2026, 2, 1, 12)),
      rules: { leafCategoryIds: new Set(['11483']), requiredAspects: { '11483': ['Brand'] } },
    });
    running = await emulator.listen();
    token = emulator.oauth.issueTokens().access_token;
  });

  afterEach(async () => {
    await running.close();
  });

  const get = async (path: string) => {
    const response = await fetch(`${running.url}${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  const existing = (
    overrides: Partial<EbayExistingListingInput> = {},
  ): EbayExistingListingInput => ({
    sku: 'JEANS-1',
    title: 'Levi’s 501, 32x32',
    description: 'Barely worn.',
    price: 45,
    quantity: 2,
    condition: 'USED_EXCELLENT',
    brand: 'Levi’s',
    color: 'Blue',
    size: '32x32',
    photos: [
      { bytes: JPEG, contentType: 'image/jpeg' },
      { bytes: PNG, contentType: 'image/png' },
    ],
    ...overrides,
  });

  it('keeps an inventory item, an offer and a live listing, as a listing published through the API', async () => {
    const made = emulator.addExistingListing(existing());
    expect(made).toEqual({
      sku: 'JEANS-1',
      offerId: expect.stringMatching(/^\d+$/),
      listingId: expect.stringMatching(/^\d+$/),
      photoUrls: [
        expect.stringMatching(new RegExp(`^${running.url}/images/g/\\w+/s-l1600\\.jpg$`)),
        expect.stringMatching(new RegExp(`^${running.url}/images/g/\\w+/s-l1600\\.jpg$`)),
      ],
    });

    const item = await get(`${INVENTORY}/inventory_item/JEANS-1`);
    expect(item.body).toEqual({
      sku: 'JEANS-1',
      locale: 'en-US',
      availability: { shipToLocationAvailability: { quantity: 2 } },
      condition: 'USED_EXCELLENT',
      product: {
        title: 'Levi’s 501, 32x32',
        description: 'Barely worn.',
        brand: 'Levi’s',
        aspects: { Brand: ['Levi’s'], Color: ['Blue'], Size: ['32x32'] },
        imageUrls: made.photoUrls,
      },
    });
    const offers = await get(`${INVENTORY}/offer?sku=JEANS-1`);
    expect(offers.body).toMatchObject({
      total: 1,
      size: 1,
      offers: [
        {
          offerId: made.offerId,
          sku: 'JEANS-1',
          marketplaceId: 'EBAY_US',
          format: 'FIXED_PRICE',
          status: 'PUBLISHED',
          availableQuantity: 2,
          pricingSummary: { price: { value: '45.00', currency: 'USD' } },
          listing: { listingId: made.listingId, listingStatus: 'ACTIVE', soldQuantity: 0 },
        },
      ],
    });

    const photo = await fetch(made.photoUrls[1] ?? '');
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
    const page = await fetch(emulator.listingUrl(made.listingId ?? ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(made.photoUrls[0]);

    // It sells like any other listing.
    emulator.produceSale({ listingId: made.listingId ?? '' });
    expect((await get(`${INVENTORY}/offer?sku=JEANS-1`)).body).toMatchObject({
      offers: [{ availableQuantity: 1 }],
    });
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('keeps an inactive one as an unpublished offer, and a draft without any offer', async () => {
    const inactive = emulator.addExistingListing(existing({ sku: 'OFF-1', active: false }));
    expect(inactive).toMatchObject({ offerId: expect.any(String), listingId: null });
    const offers = await get(`${INVENTORY}/offer?sku=OFF-1`);
    expect(offers.body.offers).toEqual([
      expect.objectContaining({ status: 'UNPUBLISHED', offerId: inactive.offerId }),
    ]);
    expect((offers.body.offers as Array<Record<string, unknown>>)[0]?.listing).toBeUndefined();

    const draft = emulator.addExistingListing(
      existing({ sku: 'DRAFT-1', withoutOffer: true, photos: [] }),
    );
    expect(draft).toEqual({ sku: 'DRAFT-1', offerId: null, listingId: null, photoUrls: [] });
    const none = await get(`${INVENTORY}/offer?sku=DRAFT-1`);
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ errors: [{ errorId: 25713 }] });
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);
  });

  it('pages getInventoryItems with eBay’s fields: total, size, limit, href, next and prev', async () => {
    for (let i = 1; i <= 5; i += 1) {
      emulator.addExistingListing(
        existing({ sku: `SKU-${i}`, photos: [{ bytes: JPEG, contentType: 'image/jpeg' }] }),
      );
    }
    const first = await get(`${INVENTORY}/inventory_item?limit=2`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 5, limit: 2, size: 3 });
    expect(first.body.href).toBe(`${running.url}${INVENTORY}/inventory_item?limit=2&offset=0`);
    expect(first.body.prev).toBeUndefined();
    const skus: string[] = [];
    let body = first.body;
    for (;;) {
      skus.push(...(body.inventoryItems as Array<{ sku: string }>).map((item) => item.sku));
      if (typeof body.next !== 'string') break;
      const next = new URL(body.next);
      body = (await get(`${next.pathname}${next.search}`)).body;
    }
    expect(skus).toEqual(['SKU-1', 'SKU-2', 'SKU-3', 'SKU-4', 'SKU-5']);
    expect(body.prev).toBe(`${running.url}${INVENTORY}/inventory_item?limit=2&offset=2`);

    const past = await get(`${INVENTORY}/inventory_item?limit=2&offset=10`);
    expect(past.body).toMatchObject({ total: 5, inventoryItems: [] });
    expect(emulator.violations, describeViolations(emulator.violations)).toEqual([]);

    expect((await get(`${INVENTORY}/inventory_item?limit=201`)).status).toBe(400);
    expect(emulator.violations).toHaveLength(1);
  });

  it('refuses what eBay could not have: a SKU taken, an unknown condition, an active listing without photos', () => {
    emulator.addExistingListing(existing());
    expect(() => emulator.addExistingListing(existing())).toThrow(EbayExistingListingError);
    expect(() =>
      emulator.addExistingListing(existing({ sku: 'X', condition: 'GENTLY_USED' })),
    ).toThrow(/not an eBay condition/);
    expect(() => emulator.addExistingListing(existing({ sku: 'Y', photos: [] }))).toThrow(
      /At least one picture is required/,
    );
    expect(emulator.store.inventoryItems.has('Y')).toBe(false);
    expect(() => emulator.addExistingListing(existing({ sku: 'Z', brand: undefined }))).toThrow(
      /Brand is required/,
    );
  });

  it('adds them over the control surface with base64 photos; reset removes them and their photos', async () => {
    const response = await fetch(`${running.url}/__emulator/existing-listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sku: 'CTL-1',
        title: 'Wool hat',
        description: 'Warm.',
        price: '12.5',
        quantity: 1,
        condition: 'NEW_OTHER',
        brand: 'Acme',
        photos: [{ base64: JPEG.toString('base64'), contentType: 'image/jpeg' }],
      }),
    });
    expect(response.status).toBe(201);
    const made = (await response.json()) as {
      listingId: string;
      listingURL: string;
      photoUrls: string[];
    };
    expect(made.listingURL).toBe(emulator.listingUrl(made.listingId));
    const photo = await fetch(made.photoUrls[0] ?? '');
    expect(Buffer.from(await photo.arrayBuffer())).toEqual(JPEG);
    expect(emulator.store.offersForSku('CTL-1')[0]?.details.pricingSummary).toEqual({
      price: { value: '12.50', currency: 'USD' },
    });

    const again = await fetch(`${running.url}/__emulator/existing-listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        sku: 'CTL-1',
        title: 'x',
        description: '',
        price: 1,
        quantity: 1,
        condition: 'NEW',
      }),
    });
    expect(again.status).toBe(409);

    emulator.reset();
    expect(emulator.store.inventoryItems.size).toBe(0);
    expect(emulator.photos.size).toBe(0);
    expect((await fetch(made.photoUrls[0] ?? '')).status).toBe(404);
  });
});
