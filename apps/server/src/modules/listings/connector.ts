import type { BuiltListing, Item, MarketplaceId } from '@listloop/domain';

/**
 * A server-side API connector for one source-group marketplace (issue 4): the worker's
 * `listings.execute` job hands it the operations of its marketplace. The concrete eBay, Etsy
 * and Shopify connectors come with the next issue; until then the registry is empty and every
 * API operation fails with the 'Not connected' reason.
 */
export interface ConnectorScope {
  accountId: string;
  userId: string;
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

export interface ConnectorProblem {
  path: string;
  message: string;
}

export interface ConnectorPublished {
  listedID?: string | null;
  listingURL?: string | null;
}

export interface ConnectorOrder {
  orderId: string;
  listedID: string;
  /** The SKU the marketplace sold, when it tells (eBay: our item id). */
  sku?: string | null;
  soldAt: number;
  price?: number | null;
}

export interface ConnectorWebhookEvent {
  type: 'sold' | 'delisted' | 'other';
  listedID: string | null;
  data: Record<string, unknown>;
}

export interface Connector {
  readonly marketplace: MarketplaceId;
  /** The listing as the marketplace's API takes it. */
  build(input: ConnectorListingInput): Promise<Record<string, unknown>>;
  /** What would stop the marketplace accepting the listing; empty when nothing does. */
  validate(input: ConnectorListingInput): Promise<ConnectorProblem[]>;
  publish(input: ConnectorListingInput): Promise<ConnectorPublished>;
  update(input: ConnectorListingInput & { listedID: string }): Promise<ConnectorPublished>;
  delist(input: ConnectorListingInput & { listedID: string | null }): Promise<void>;
  /** Sets the quantity available on a live listing (a sale elsewhere, an edit of the item). */
  updateQuantity(
    input: ConnectorListingInput & { listedID: string; quantity: number },
  ): Promise<void>;
  fetchOrders(scope: ConnectorScope, since: number): Promise<ConnectorOrder[]>;
  parseWebhook(
    headers: Record<string, string | string[] | undefined>,
    body: unknown,
  ): Promise<ConnectorWebhookEvent[]>;
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
