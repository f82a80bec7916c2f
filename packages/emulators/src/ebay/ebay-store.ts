/** What the emulated eBay keeps for its one seller, in memory. */

export interface Amount {
  value: string;
  currency: string;
}

export type OfferStatus = 'PUBLISHED' | 'UNPUBLISHED';
export type ListingStatus = 'ACTIVE' | 'OUT_OF_STOCK' | 'ENDED';

export interface InventoryItemRecord {
  sku: string;
  locale: string;
  /** The body of the last createOrReplaceInventoryItem, as sent. */
  item: Record<string, unknown>;
  quantity: number;
  updatedAt: number;
}

export interface OfferRecord {
  offerId: string;
  sku: string;
  marketplaceId: string;
  format: string;
  /** The offer's fields as last created or updated (EbayOfferDetailsWithKeys/WithId). */
  details: Record<string, unknown>;
  status: OfferStatus;
  listing: { listingId: string; listingStatus: ListingStatus; soldQuantity: number } | null;
}

export interface LocationRecord {
  merchantLocationKey: string;
  details: Record<string, unknown>;
  status: 'ENABLED' | 'DISABLED';
}

export type PolicyType = 'fulfillment' | 'payment' | 'return';

export interface PolicyRecord {
  type: PolicyType;
  id: string;
  /** The policy as the Account API returns it (its id field included). */
  body: Record<string, unknown> & { name: string; marketplaceId: string };
}

export interface OrderRecord {
  orderId: string;
  creationDate: number;
  lastModifiedDate: number;
  /** The Order as getOrders returns it. */
  body: Record<string, unknown>;
}

/** Sequences that look like eBay's ids (numeric strings; order ids grouped 2-5-5). */
export class EbayIds {
  private offer = 5_005_317_000;
  private listing = 110_554_470_000;
  private policy = 6_196_932_000;
  private order = 10_567_71_200;
  private lineItem = 10_054_667_878_000;

  offerId(): string {
    return String((this.offer += 1));
  }
  listingId(): string {
    return String((this.listing += 1));
  }
  policyId(): string {
    return String((this.policy += 1));
  }
  orderId(): string {
    const digits = String((this.order += 1)).padStart(12, '0');
    return `${digits.slice(0, 2)}-${digits.slice(2, 7)}-${digits.slice(7, 12)}`;
  }
  lineItemId(): string {
    return String((this.lineItem += 1));
  }
}

export class EbayStore {
  readonly inventoryItems = new Map<string, InventoryItemRecord>();
  readonly offers = new Map<string, OfferRecord>();
  readonly locations = new Map<string, LocationRecord>();
  readonly policies = new Map<string, PolicyRecord>();
  readonly orders = new Map<string, OrderRecord>();
  readonly optedInPrograms = new Set<string>();
  /** Revisions of a live listing per day: `${listingId}|${day}` → count. */
  readonly revisions = new Map<string, number>();
  ids = new EbayIds();

  clear(): void {
    this.inventoryItems.clear();
    this.offers.clear();
    this.locations.clear();
    this.policies.clear();
    this.orders.clear();
    this.optedInPrograms.clear();
    this.revisions.clear();
    this.ids = new EbayIds();
  }

  offersForSku(sku: string): OfferRecord[] {
    return [...this.offers.values()].filter((offer) => offer.sku === sku);
  }

  offerByListingId(listingId: string): OfferRecord | undefined {
    return [...this.offers.values()].find((offer) => offer.listing?.listingId === listingId);
  }

  /** What a buyer can buy now: the offer's own cap, or the item's ship-to-home quantity. */
  available(offer: OfferRecord): number {
    const item = this.inventoryItems.get(offer.sku);
    const quantity = item?.quantity ?? 0;
    const cap = offer.details.availableQuantity;
    return typeof cap === 'number' ? Math.min(cap, quantity) : quantity;
  }
}
