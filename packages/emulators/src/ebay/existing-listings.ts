import { z } from 'zod';
import type { PhotoStore } from '../core/photo-store';
import { EBAY_CONDITIONS, EBAY_MARKETPLACES, type EbayContext } from './ebay-context';
import type { OfferRecord } from './ebay-store';
import { publishProblems } from './inventory-api';

/** ✅ Where eBay serves a listing's pictures (i.ebayimg.com/images/g/<id>/s-l1600.jpg). */
export const EBAY_PHOTO_PATH = '/images/g/{id}/s-l1600.jpg';

const SKU_MAX = 50; // ✅

/** A listing the seller made on eBay itself, before ListLoop (the import's source). */
export interface EbayExistingListingInput {
  sku: string;
  title: string;
  description: string;
  /** The price, in the marketplace's currency unless `currency` says otherwise. */
  price: number;
  currency?: string;
  /** The inventory item's ship-to-home quantity. */
  quantity: number;
  /** eBay's ConditionEnum value, e.g. 'USED_EXCELLENT'. */
  condition: string;
  brand?: string;
  color?: string;
  size?: string;
  /** Other item specifics, as eBay keeps them. */
  aspects?: Record<string, string[]>;
  /** The product's codes and the seller's notes on its condition. */
  upc?: string;
  ean?: string;
  mpn?: string;
  conditionDescription?: string;
  photos: ReadonlyArray<{ bytes: Buffer; contentType: string }>;
  /** Published and live (true, the default), or an offer never published (false). */
  active?: boolean;
  /** Only the inventory item, without an offer (a draft the seller never offered). */
  withoutOffer?: boolean;
  /** 'EBAY_US' by default. */
  marketplaceId?: string;
  /** A leaf category; '11483' (men's jeans) by default. */
  categoryId?: string;
}

export interface EbayExistingListing {
  sku: string;
  /** Null when made `withoutOffer`. */
  offerId: string | null;
  /** Null unless published (`active`). */
  listingId: string | null;
  photoUrls: string[];
}

/** Why an existing listing cannot be made as asked (the test or the control call is wrong). */
export class EbayExistingListingError extends Error {
  override readonly name = 'EbayExistingListingError';
}

/** The control call's body: the method's input with photos in base64. */
export const ExistingListingBodySchema = z.object({
  sku: z.string().min(1).max(SKU_MAX),
  title: z.string().min(1),
  description: z.string(),
  price: z.coerce.number().positive(),
  currency: z.string().length(3).optional(),
  quantity: z.coerce.number().int().min(0),
  condition: z.string().min(1),
  brand: z.string().min(1).optional(),
  color: z.string().min(1).optional(),
  size: z.string().min(1).optional(),
  aspects: z.record(z.string(), z.array(z.string())).optional(),
  upc: z.string().min(1).optional(),
  ean: z.string().min(1).optional(),
  mpn: z.string().min(1).optional(),
  conditionDescription: z.string().min(1).optional(),
  photos: z
    .array(z.object({ base64: z.string().min(1), contentType: z.string().startsWith('image/') }))
    .default([]),
  active: z.boolean().optional(),
  withoutOffer: z.boolean().optional(),
  marketplaceId: z.string().optional(),
  categoryId: z.string().optional(),
});
export type ExistingListingBody = z.infer<typeof ExistingListingBodySchema>;

export function existingListingInput(body: ExistingListingBody): EbayExistingListingInput {
  const { photos, ...rest } = body;
  const input: EbayExistingListingInput = {
    ...rest,
    photos: photos.map((p) => ({
      bytes: Buffer.from(p.base64, 'base64'),
      contentType: p.contentType,
    })),
  };
  for (const key of Object.keys(input) as Array<keyof EbayExistingListingInput>) {
    if (input[key] === undefined) delete input[key];
  }
  return input;
}

/** The seller's ship-from location for listings made on eBay (created on first use). */
const SELLER_LOCATION_KEY = 'seller-home';

/**
 * Puts in the store what a seller who listed through the Inventory API (or Seller Hub, which
 * eBay keeps the same way) has: the inventory item with its pictures on eBay's picture host,
 * the fixed-price offer with the seller's policies and location, and, when active, the
 * published listing. An active listing must pass the checks of publishOffer, so it is one
 * eBay could have published.
 */
export function addExistingListing(
  ebay: EbayContext,
  photos: PhotoStore,
  policies: Record<string, Record<string, string>>,
  input: EbayExistingListingInput,
): EbayExistingListing {
  const { store } = ebay;
  const fail = (message: string): never => {
    throw new EbayExistingListingError(message);
  };
  const marketplaceId = input.marketplaceId ?? 'EBAY_US';
  const marketplace = EBAY_MARKETPLACES[marketplaceId];
  if (!marketplace) fail(`Unknown eBay marketplace ${marketplaceId}.`);
  if (!input.sku || input.sku.length > SKU_MAX) fail(`A SKU has 1 to ${SKU_MAX} characters.`);
  if (store.inventoryItems.has(input.sku)) fail(`The SKU ${input.sku} exists already.`);
  if (!EBAY_CONDITIONS.includes(input.condition))
    fail(`${input.condition} is not an eBay condition.`);
  if (!Number.isInteger(input.quantity) || input.quantity < 0) {
    fail('The quantity is a whole number of at least 0.');
  }
  if (!Number.isFinite(input.price) || input.price <= 0) fail('The price is above 0.');
  const active = !input.withoutOffer && (input.active ?? true);

  const photoUrls = input.photos.map((photo) => photos.add(photo.bytes, photo.contentType));
  const aspects: Record<string, string[]> = { ...input.aspects };
  if (input.brand) aspects.Brand = [input.brand];
  if (input.color) aspects.Color = [input.color];
  if (input.size) aspects.Size = [input.size];
  const product: Record<string, unknown> = {
    title: input.title,
    description: input.description,
    aspects,
    imageUrls: photoUrls,
  };
  if (input.brand) product.brand = input.brand;
  if (input.upc) product.upc = [input.upc];
  if (input.ean) product.ean = [input.ean];
  if (input.mpn) product.mpn = input.mpn;
  store.inventoryItems.set(input.sku, {
    sku: input.sku,
    locale: marketplace?.locales[0] ?? 'en-US',
    item: {
      availability: { shipToLocationAvailability: { quantity: input.quantity } },
      condition: input.condition,
      ...(input.conditionDescription ? { conditionDescription: input.conditionDescription } : {}),
      product,
    },
    quantity: input.quantity,
    updatedAt: ebay.clock.now(),
  });
  if (input.withoutOffer) return { sku: input.sku, offerId: null, listingId: null, photoUrls };

  if (!store.locations.has(SELLER_LOCATION_KEY)) {
    store.locations.set(SELLER_LOCATION_KEY, {
      merchantLocationKey: SELLER_LOCATION_KEY,
      details: {
        name: 'Home',
        location: { address: { postalCode: '10001', country: marketplaceId.slice(5) } },
        locationTypes: ['WAREHOUSE'],
      },
      status: 'ENABLED',
    });
  }
  const seeded = policies[marketplaceId] ?? {};
  const listingPolicies: Record<string, string> = {};
  if (seeded.fulfillment) listingPolicies.fulfillmentPolicyId = seeded.fulfillment;
  if (seeded.payment) listingPolicies.paymentPolicyId = seeded.payment;
  if (seeded.return) listingPolicies.returnPolicyId = seeded.return;
  const offer: OfferRecord = {
    offerId: store.ids.offerId(),
    sku: input.sku,
    marketplaceId,
    format: 'FIXED_PRICE',
    details: {
      categoryId: input.categoryId ?? '11483',
      listingDescription: input.description,
      listingDuration: 'GTC',
      listingPolicies,
      merchantLocationKey: SELLER_LOCATION_KEY,
      pricingSummary: {
        price: {
          value: input.price.toFixed(2),
          currency: input.currency ?? marketplace?.currency ?? 'USD',
        },
      },
    },
    status: 'UNPUBLISHED',
    listing: null,
  };
  if (active) {
    const problems = publishProblems(ebay, offer);
    if (problems.length > 0) {
      store.inventoryItems.delete(input.sku);
      fail(
        `eBay would not have published ${input.sku}: ${problems
          .map((p) => p.longMessage ?? p.message)
          .join(' ')}`,
      );
    }
    offer.status = 'PUBLISHED';
    offer.listing = { listingId: store.ids.listingId(), listingStatus: 'ACTIVE', soldQuantity: 0 };
  }
  store.offers.set(offer.offerId, offer);
  return {
    sku: input.sku,
    offerId: offer.offerId,
    listingId: offer.listing?.listingId ?? null,
    photoUrls,
  };
}
