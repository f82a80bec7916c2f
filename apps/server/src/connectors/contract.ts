import type {
  BuiltListing,
  Item,
  ItemCondition,
  ListingProblem,
  ListingProblemCode,
  MarketplaceId,
} from '@listloop/domain';

/**
 * The contract between the server and the marketplaces' API connectors: what a connector does
 * (publish, update, delist, quantity, orders, the import, webhooks), what it throws, the typed
 * sale events a webhook becomes, and the registry that holds one connector per marketplace.
 * Modules use connectors through this file only; the concrete connectors live in
 * `connectors/<marketplace>/` and are built from the configuration by `connectors/marketplaces.ts`.
 */
export interface ConnectorScope {
  accountId: string;
  userId: string;
  /**
   * The connection to act through, when the caller means one (the import of its listings);
   * otherwise the account's usable connection for the marketplace.
   */
  connectionId?: string;
}

export interface ConnectorListingInput extends ConnectorScope {
  item: Item;
  /** The item's stored listing for the marketplace (its own fields and the engine's state). */
  listing: Record<string, unknown>;
  /**
   * The listing to send: general details, then the account's mapping, pricing and default
   * rules, then the item's own overrides, already checked against the marketplace's limits.
   */
  built: BuiltListing;
}

/**
 * Something the marketplace would refuse, found before sending: the BuiltListing path it is
 * about, the domain's problem code and params (which the web translates) and an English
 * sentence that says what to do.
 */
export interface ConnectorProblem {
  path: string;
  message: string;
  code: ListingProblemCode;
  params: Record<string, string | number>;
}

/** One of the domain's problems (marketplaceProblems) as a connector reports it. */
export function connectorProblem(problem: ListingProblem): ConnectorProblem {
  return {
    path: problem.field,
    message: problem.message,
    code: problem.code,
    params: problem.params,
  };
}

export interface ConnectorPublished {
  listedID?: string | null;
  listingURL?: string | null;
  /**
   * The SKU the listing carries on the marketplace (the seller's, or the item id): kept on the
   * listing as `marketplaceSku`, so later updates, delists and relists act on the same listing
   * whatever the item's SKU becomes (decision 0024).
   */
  sku?: string | null;
}

export interface ConnectorOrder {
  orderId: string;
  listedID: string;
  /** The SKU the marketplace sold, when it tells (eBay: our item id). */
  sku?: string | null;
  soldAt: number;
  price?: number | null;
  /** ISO 4217 code of `price`, when the marketplace says; else the account's is assumed. */
  currency?: string | null;
  /** Units of the line; one when the marketplace does not say. */
  quantity?: number | null;
}

export interface ConnectorWebhookEvent {
  type: 'sold' | 'delisted' | 'other';
  listedID: string | null;
  data: Record<string, unknown>;
}

/**
 * A listing the seller already has on the marketplace, read for the import on connect: its
 * details in ListLoop's terms (condition mapped back to ours where the marketplace says it),
 * and the absolute URLs of its photos, in order, for `fetchPhoto`.
 */
export interface ConnectorExistingListing {
  /** The marketplace's id of the listing (eBay listing id, Etsy listing_id, Shopify product GID). */
  listedID: string;
  listingURL: string | null;
  /** The seller's SKU on the marketplace; null when the listing has none. */
  sku: string | null;
  /** Whether it is on sale now (active), or kept but off sale (an ended offer, an inactive listing, a draft product). */
  state: 'active' | 'inactive';
  title: string;
  description: string;
  price: number | null;
  quantity: number;
  brand: string | null;
  condition: ItemCondition | null;
  primaryColor: string | null;
  size: string | null;
  photoUrls: string[];
  /**
   * What the marketplace's own listing form holds that the general details do not, in the
   * shape the item's listing keeps its overrides (e.g. eBay `{ category: '15230' }`, Etsy
   * `{ category: '1813', extra: { who_made, when_made }, shipping: { profileId } }`), so the
   * imported listing can be revised from ListLoop without filling them in again.
   */
  listingFields?: Record<string, unknown>;
}

/** One page of the seller's existing listings; `nextCursor` null on the last page. */
export interface ConnectorListingPage {
  listings: ConnectorExistingListing[];
  nextCursor: string | null;
}

export interface ConnectorPhoto {
  bytes: Buffer;
  contentType: string;
}

/** One category of a marketplace's category tree. */
export interface ConnectorCategory {
  id: string;
  name: string;
  /** null at the top of the tree. */
  parentId: string | null;
  /** Whether it has no subcategories. */
  leaf: boolean;
}

export interface ConnectorCategoryTree {
  treeId: string;
  /** The marketplace's version of the tree, where it names one. */
  version: string | null;
  categories: ConnectorCategory[];
}

/**
 * A marketplace's own categories (where a listing's category is the marketplace's id), read
 * through its API. `scope` is the seller's connection where the marketplace wants one (eBay);
 * null reads with the app's keys alone (Etsy).
 */
export interface ConnectorCategories {
  /** Whether reading them needs a seller's connection. */
  readonly needsConnection: boolean;
  /** Whether a listing must be in a category without subcategories (eBay). */
  readonly leavesOnly: boolean;
  /** The tree listings go to (eBay: the default tree of the connector's site). */
  treeId(scope: ConnectorScope | null): Promise<string>;
  tree(scope: ConnectorScope | null, treeId: string): Promise<ConnectorCategoryTree>;
}

export interface Connector {
  readonly marketplace: MarketplaceId;
  /** The marketplace's category tree; absent where ListLoop reads none. */
  readonly categories?: ConnectorCategories;
  /**
   * Fields of the built listing its `update` does not send (Etsy's photos), so a change of them
   * does not mark a listed listing out of date: an update would not change it (decision 0023).
   */
  readonly updateLeavesOut?: readonly (keyof BuiltListing)[];
  /** The listing as the marketplace's API takes it. */
  build(input: ConnectorListingInput): Promise<Record<string, unknown>>;
  /** What would stop the marketplace accepting the listing; empty when nothing does. */
  validate(input: ConnectorListingInput): Promise<ConnectorProblem[]>;
  publish(input: ConnectorListingInput): Promise<ConnectorPublished>;
  update(input: ConnectorListingInput & { listedID: string }): Promise<ConnectorPublished>;
  /** Takes the listing down; it needs no built listing (nothing is sent but the listing's id). */
  delist(input: Omit<ConnectorListingInput, 'built'> & { listedID: string | null }): Promise<void>;
  /** Sets the quantity available on a live listing (a sale elsewhere, an edit of the item). */
  updateQuantity(
    input: ConnectorListingInput & { listedID: string; quantity: number },
  ): Promise<void>;
  fetchOrders(scope: ConnectorScope, since: number): Promise<ConnectorOrder[]>;
  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<ConnectorWebhookEvent[]>;
  /**
   * The seller's existing listings, a page at a time from `cursor` (null: the first page), for
   * the import on connect. Absent on marketplaces ListLoop does not import from (Depop).
   */
  fetchListings?(scope: ConnectorScope, cursor: string | null): Promise<ConnectorListingPage>;
  /** Downloads one of those photos (at most 25 MB); a ConnectorError when it cannot. */
  fetchPhoto?(url: string): Promise<ConnectorPhoto>;
}

/**
 * What a connector throws when the marketplace refused or could not be reached. `transient`
 * errors (timeouts, rate limits, 5xx) are retried with backoff, or after `retryAfterSeconds`
 * when the marketplace said when (a 429's Retry-After); any other ends the operation in list or
 * delist failure with `message`, the marketplace's words, kept for the seller.
 */
export class ConnectorError extends Error {
  override readonly name = 'ConnectorError';
  readonly transient: boolean;
  readonly retryAfterSeconds: number | null;

  constructor(
    message: string,
    options: { transient?: boolean; retryAfterSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.transient = options.transient ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** The connectors this server has, one per marketplace. */
export class ConnectorRegistry {
  private readonly connectors = new Map<MarketplaceId, Connector>();

  register(connector: Connector): void {
    this.connectors.set(connector.marketplace, connector);
  }

  /** Removes a marketplace's connector (tests). */
  unregister(marketplace: MarketplaceId): void {
    this.connectors.delete(marketplace);
  }

  get(marketplace: MarketplaceId): Connector | undefined {
    return this.connectors.get(marketplace);
  }
}
