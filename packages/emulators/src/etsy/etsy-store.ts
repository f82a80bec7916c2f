import type { EtsyListingState } from './etsy-description';

export type EtsyWhoMade = 'i_did' | 'someone_else' | 'collective';
export type EtsyListingType = 'physical' | 'download' | 'both';

export interface EtsyImageRecord {
  listingImageId: number;
  shopId: number;
  rank: number;
  /** Unix seconds, as Etsy's timestamps are. */
  createdAt: number;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface EtsyOfferingRecord {
  offeringId: number;
  quantity: number;
  /** Hundredths of the shop's currency. */
  priceCents: number;
  isEnabled: boolean;
  readinessStateId: number | null;
}

export interface EtsyProductRecord {
  productId: number;
  sku: string;
  propertyValues: Array<Record<string, unknown>>;
  offerings: EtsyOfferingRecord[];
}

export interface EtsyListingRecord {
  listingId: number;
  shopId: number;
  userId: number;
  state: EtsyListingState;
  title: string;
  description: string;
  whoMade: EtsyWhoMade | null;
  whenMade: string | null;
  taxonomyId: number | null;
  type: EtsyListingType;
  tags: string[];
  materials: string[];
  styles: string[];
  shippingProfileId: number | null;
  readinessStateId: number | null;
  shopSectionId: number | null;
  processingMin: number | null;
  processingMax: number | null;
  itemWeight: number | null;
  itemWeightUnit: string | null;
  itemLength: number | null;
  itemWidth: number | null;
  itemHeight: number | null;
  itemDimensionsUnit: string | null;
  isSupply: boolean | null;
  isPersonalizable: boolean;
  isCustomizable: boolean;
  isTaxable: boolean;
  isPrivate: boolean;
  shouldAutoRenew: boolean;
  recipient: string | null;
  occasion: string | null;
  featuredRank: number;
  createdAt: number;
  updatedAt: number;
  stateAt: number;
  products: EtsyProductRecord[];
  priceOnProperty: number[];
  quantityOnProperty: number[];
  skuOnProperty: number[];
  images: EtsyImageRecord[];
  views: number;
  numFavorers: number;
}

export interface EtsyTransactionRecord {
  transactionId: number;
  listingId: number;
  productId: number | null;
  sku: string | null;
  title: string;
  description: string;
  quantity: number;
  priceCents: number;
  listingImageId: number | null;
  /** Epoch seconds the seller is expected to ship by (purchase plus the processing time). */
  expectedShipDate: number | null;
}

export interface EtsyReceiptRecord {
  receiptId: number;
  shopId: number;
  sellerUserId: number;
  buyerUserId: number;
  buyerName: string;
  buyerEmail: string;
  currency: string;
  createdAt: number;
  updatedAt: number;
  isPaid: boolean;
  isShipped: boolean;
  transactions: EtsyTransactionRecord[];
}

export interface EtsyShippingProfileRecord {
  shippingProfileId: number;
  title: string;
  minProcessingDays: number;
  maxProcessingDays: number;
  originCountryIso: string;
  originPostalCode: string | null;
}

/** A processing profile (readiness state): ready to ship, or made to order, with its days. */
export interface EtsyReadinessStateRecord {
  readinessStateId: number;
  readinessState: 'ready_to_ship' | 'made_to_order';
  minProcessingDays: number;
  maxProcessingDays: number;
}

export interface EtsyShopRecord {
  shopId: number;
  userId: number;
  shopName: string;
  loginName: string;
  currency: string;
  countryIso: string;
  createdAt: number;
  shippingProfiles: Map<number, EtsyShippingProfileRecord>;
  readinessStates: Map<number, EtsyReadinessStateRecord>;
}

const ID_STARTS = {
  listing: 1_600_000_001,
  image: 5_800_000_001,
  product: 17_000_000_001,
  offering: 18_000_000_001,
  receipt: 3_400_000_001,
  transaction: 4_100_000_001,
  buyer: 900_000_001,
  shippingProfile: 210_000_000_001,
  readinessState: 1_300_000_001,
} as const;

export type EtsyIdKind = keyof typeof ID_STARTS;

/** Numeric ids in the ranges Etsy's look like, counting up from a start per kind. */
class EtsyIds {
  private readonly next = new Map<EtsyIdKind, number>();

  take(kind: EtsyIdKind): number {
    const value = this.next.get(kind) ?? ID_STARTS[kind];
    this.next.set(kind, value + 1);
    return value;
  }

  clear(): void {
    this.next.clear();
  }
}

/** What the emulated Etsy holds: shops with their profiles, listings, images, receipts. */
export class EtsyStore {
  readonly shops = new Map<number, EtsyShopRecord>();
  readonly listings = new Map<number, EtsyListingRecord>();
  readonly receipts = new Map<number, EtsyReceiptRecord>();
  readonly ids = new EtsyIds();

  clear(): void {
    this.shops.clear();
    this.listings.clear();
    this.receipts.clear();
    this.ids.clear();
  }

  shopOfUser(userId: number): EtsyShopRecord | undefined {
    return [...this.shops.values()].find((shop) => shop.userId === userId);
  }

  image(listingImageId: number): EtsyImageRecord | undefined {
    for (const listing of this.listings.values()) {
      const found = listing.images.find((i) => i.listingImageId === listingImageId);
      if (found) return found;
    }
    return undefined;
  }
}

/**
 * A new draft of the shop as createDraftListing makes it: one product without a SKU and one
 * offering, nothing else set. The caller applies the listing's fields and keeps it.
 */
export function newDraftListing(
  store: EtsyStore,
  shop: EtsyShopRecord,
  offer: { priceCents: number; quantity: number; readinessStateId: number | null },
  now: number,
): EtsyListingRecord {
  return {
    listingId: store.ids.take('listing'),
    shopId: shop.shopId,
    userId: shop.userId,
    state: 'draft',
    title: '',
    description: '',
    whoMade: null,
    whenMade: null,
    taxonomyId: null,
    type: 'physical',
    tags: [],
    materials: [],
    styles: [],
    shippingProfileId: null,
    readinessStateId: offer.readinessStateId,
    shopSectionId: null,
    processingMin: null,
    processingMax: null,
    itemWeight: null,
    itemWeightUnit: null,
    itemLength: null,
    itemWidth: null,
    itemHeight: null,
    itemDimensionsUnit: null,
    isSupply: null,
    isPersonalizable: false,
    isCustomizable: false,
    isTaxable: true,
    isPrivate: false,
    shouldAutoRenew: false,
    recipient: null,
    occasion: null,
    featuredRank: -1,
    createdAt: now,
    updatedAt: now,
    stateAt: now,
    products: [
      {
        productId: store.ids.take('product'),
        sku: '',
        propertyValues: [],
        offerings: [
          {
            offeringId: store.ids.take('offering'),
            quantity: offer.quantity,
            priceCents: offer.priceCents,
            isEnabled: true,
            readinessStateId: offer.readinessStateId,
          },
        ],
      },
    ],
    priceOnProperty: [],
    quantityOnProperty: [],
    skuOnProperty: [],
    images: [],
    views: 0,
    numFavorers: 0,
  };
}

/** The live products of a listing (Etsy keeps deleted ones out of the inventory it shows). */
function enabledOfferings(listing: EtsyListingRecord): EtsyOfferingRecord[] {
  return listing.products.flatMap((p) => p.offerings.filter((o) => o.isEnabled));
}

/** ✅ A listing's quantity is the sum of its available offerings' quantities. */
export function listingQuantity(listing: EtsyListingRecord): number {
  return enabledOfferings(listing).reduce((sum, o) => sum + o.quantity, 0);
}

/** ✅ A listing's price is the lowest of its offerings' prices. */
export function listingPriceCents(listing: EtsyListingRecord): number {
  const prices = enabledOfferings(listing).map((o) => o.priceCents);
  return prices.length > 0 ? Math.min(...prices) : 0;
}

export function listingSkus(listing: EtsyListingRecord): string[] {
  return listing.products.map((p) => p.sku).filter((sku) => sku !== '');
}
