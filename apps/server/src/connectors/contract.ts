import type {
  AccountConfig,
  EbayBusinessPolicy,
  EbayPolicyKind,
  EtsyProfileKind,
  EtsyShopProfile,
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
  /** Epoch ms by which the seller must ship the line, when the marketplace says. */
  shipBy?: number | null;
}

/** One event of a verified webhook, as the delivery's record keeps it. */
export interface ConnectorWebhookEvent {
  type: 'sold' | 'delisted' | 'other';
  listedID: string | null;
  data: Record<string, unknown>;
}

/**
 * A sale a marketplace reported: which item (by ListLoop's item id where the marketplace
 * carries it, by the marketplace's listing id, by SKU), the order it is unique in, and what it
 * sold for. Sale detection records it once per (marketplace, externalOrderId, item).
 */
export interface SaleEvent {
  marketplace: MarketplaceId;
  externalOrderId: string;
  item: { itemId: string | null; listedID: string | null; sku: string | null };
  /** Units sold; at least one. */
  quantity: number;
  salePrice: number | null;
  /** ISO 4217, upper case; null when the marketplace did not say. */
  currency: string | null;
  /** Epoch milliseconds; null when the marketplace did not say. */
  soldAt: number | null;
}

/**
 * A verified webhook delivery, read: who it is for, the id it is recorded once under, and what
 * it reports. Built only once the signature over the raw bytes holds.
 */
export interface ConnectorWebhookDelivery {
  /** The same on every delivery of one webhook: recorded once per (marketplace, deliveryId). */
  deliveryId: string;
  /** The marketplace's name of the event (orders/create, v1:order.new …). */
  topic: string;
  /**
   * The seller identity its connections are stored under (a Shopify shop's domain, a Depop
   * seller id); null when the delivery names none.
   */
  owner: string | null;
  /** How the owner is named to a person ("Shopify store", "Depop seller"). */
  ownerNoun: string;
  /**
   * What the delivery's record keeps beside the connections: the events and the delivery's own
   * identifiers, never the buyer's name, address or e-mail.
   */
  record: Record<string, unknown>;
  events: ConnectorWebhookEvent[];
  /** The sales among the events, typed. */
  sales: SaleEvent[];
}

/**
 * The sales among a delivery's events: each sold event with an order id (one without is not a
 * sale ListLoop can keep once, and is skipped). The event's `data` names the order (`orderId`),
 * the SKU, ListLoop's item id where the marketplace carries it (`itemID`), the quantity, price,
 * currency and time.
 */
export function saleEventsOf(
  marketplace: MarketplaceId,
  events: readonly ConnectorWebhookEvent[],
): SaleEvent[] {
  const text = (value: unknown): string | null =>
    typeof value === 'string' && value.trim() ? value.trim() : null;
  const num = (value: unknown): number | null =>
    typeof value === 'number' && Number.isFinite(value) ? value : null;
  return events.flatMap((event): SaleEvent[] => {
    if (event.type !== 'sold') return [];
    const data = event.data;
    const orderId = text(data.orderId);
    if (!orderId) return [];
    return [
      {
        marketplace,
        externalOrderId: orderId,
        item: { itemId: text(data.itemID), listedID: event.listedID, sku: text(data.sku) },
        quantity: Math.max(1, Math.trunc(num(data.quantity) ?? 1)),
        salePrice: num(data.price),
        currency: text(data.currency)?.toUpperCase() ?? null,
        soldAt: num(data.soldAt),
      },
    ];
  });
}

export type WebhookHeaders = Record<string, string | string[] | undefined>;

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

/** One of a shop's metafield definitions (Shopify), which the account's metafields map to. */
export interface ConnectorMetafieldDefinition {
  id: string;
  name: string;
  namespace: string;
  key: string;
  description: string | null;
  type: string;
  ownerType: string;
}

export interface ConnectorMetafieldSearch {
  ownerType?: 'PRODUCT' | 'PRODUCTVARIANT';
  query?: string;
  first?: number;
  after?: string;
}

export interface ConnectorMetafieldPage {
  definitions: ConnectorMetafieldDefinition[];
  hasNextPage: boolean;
  endCursor: string | null;
}

/** The item facts a metafield can be mapped from (the metafield mapper screen offers these). */
export const METAFIELD_SOURCES = [
  'brand',
  'condition',
  'size',
  'colour',
  'category',
  'weight',
  'sku',
  'notes',
  'costOfGoods',
] as const;
export type MetafieldSource = (typeof METAFIELD_SOURCES)[number];

/** One row of an account's metafield mapping: an item fact → a metafield definition. */
export interface MetafieldMapping {
  source: MetafieldSource;
  namespace: string;
  key: string;
  type: string;
}

/** A metafield value a listing carries. */
export interface MetafieldValue {
  namespace: string;
  key: string;
  /** The marketplace's metafield type: single_line_text_field, number_integer, … */
  type: string;
  value: string;
}

/** A webhook topic an account may subscribe its shop to (config.shopify.webhooksAvailable). */
export type ConnectorWebhookTopic = AccountConfig['shopify']['webhooksAvailable'][number];

/** The webhooks of a seller's shop after subscribing: where they go, and which were new. */
export interface ConnectorWebhookSubscription {
  callbackUrl: string;
  topics: ConnectorWebhookTopic[];
  created: ConnectorWebhookTopic[];
  existing: ConnectorWebhookTopic[];
}

/** The item characteristics tags can be derived from (Shopify's tags by rule). */
export const TAG_CHARACTERISTICS = ['brand', 'category', 'colour', 'size', 'condition'] as const;
export type TagCharacteristic = (typeof TAG_CHARACTERISTICS)[number];

export interface TagRules {
  /** Which characteristics become tags, in this order. */
  characteristics: readonly TagCharacteristic[];
  /** 'labelled': "Size: M"; 'plain': "M". */
  style: 'labelled' | 'plain';
  /** The label of each characteristic in labelled tags. */
  labels: Record<TagCharacteristic, string>;
}

/** How a marketplace derives tags from an item's characteristics (Shopify). */
export interface ConnectorTagging {
  readonly defaults: TagRules;
  /** The item's tags with those a previous derivation made replaced, the seller's own kept. */
  withDerived(current: readonly string[], item: Item, rules: TagRules): string[];
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
  /**
   * Verifies a webhook delivery against its raw bytes (before a byte of it is parsed) and reads
   * it. Throws a WebhookSignatureError when it cannot be shown to come from the marketplace, a
   * ConnectorError when it is genuine but unreadable. Absent on marketplaces whose sales are
   * found by polling (eBay, Etsy).
   */
  receiveWebhook?(headers: WebhookHeaders, raw: Buffer): Promise<ConnectorWebhookDelivery>;
  /**
   * The seller's existing listings, a page at a time from `cursor` (null: the first page), for
   * the import on connect. Absent on marketplaces ListLoop does not import from (Depop).
   */
  fetchListings?(scope: ConnectorScope, cursor: string | null): Promise<ConnectorListingPage>;
  /** Downloads one of those photos (at most 25 MB); a ConnectorError when it cannot. */
  fetchPhoto?(url: string): Promise<ConnectorPhoto>;

  // What some marketplaces have beyond listing; a module asks for one by name (the
  // capability), never for a marketplace's own connector type.

  /** The seller's business policies of one kind matching `value` (eBay; `*`: all). */
  businessPolicies?(
    scope: ConnectorScope,
    type: EbayPolicyKind,
    value: string,
  ): Promise<EbayBusinessPolicy[]>;
  /**
   * Readies a newly connected seller (eBay: opts into business policies, creates the
   * inventory location of a ship-from postal code).
   */
  prepareSeller?(
    scope: ConnectorScope,
    location?: { postalCode: string; country?: string },
  ): Promise<void>;
  /**
   * The seller id an API key belongs to, asked of the marketplace with that key (Depop: its
   * shop), to check a key a seller pastes before it is stored.
   */
  sellerOfKey?(apiKey: string): Promise<string>;
  /** The seller's shipping or processing profiles, by which a listing names them (Etsy). */
  shopProfiles?(scope: ConnectorScope, kind: EtsyProfileKind): Promise<EtsyShopProfile[]>;
  /** The shop's metafield definitions (Shopify). */
  metafieldDefinitions?(
    scope: ConnectorScope,
    search?: ConnectorMetafieldSearch,
  ): Promise<ConnectorMetafieldPage>;
  /**
   * Subscribes the seller's shop to the webhooks the account wants, delivered to this server
   * at `baseUrl` (Shopify); those already subscribed there are left as they are.
   */
  subscribeWebhooks?(
    scope: ConnectorScope,
    input: { config: Partial<AccountConfig> | null; baseUrl: string },
  ): Promise<ConnectorWebhookSubscription>;
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

/** A webhook that cannot be shown to come from the marketplace: answered 401, never recorded. */
export class WebhookSignatureError extends ConnectorError {
  readonly signatureRefused = true;
}

/**
 * The connectors this server has, one per marketplace. At boot, `connectors/marketplaces.ts`
 * registers the configured marketplaces' connectors (two for one marketplace is refused) and
 * seals the registry with the marketplaces that must have one (a missing one is refused), so a
 * misconfigured server stops at boot instead of answering "Not connected" later.
 *
 * Once sealed, `register` stands a connector in for a marketplace (the tests' and benchmarks'
 * stand-ins in a booted server), replacing any, and `unregister` takes one out again.
 */
export class ConnectorRegistry {
  private readonly connectors = new Map<MarketplaceId, Connector>();
  private sealed = false;

  register(connector: Connector): void {
    if (!this.sealed && this.connectors.has(connector.marketplace)) {
      throw new Error(
        `Two connectors for the marketplace ${connector.marketplace}: each marketplace has one.`,
      );
    }
    this.connectors.set(connector.marketplace, connector);
  }

  /**
   * Ends the boot's registration: every marketplace of `required` must have its connector, and
   * no other marketplace may have one.
   */
  seal(required: readonly MarketplaceId[]): void {
    const missing = required.filter((marketplace) => !this.connectors.has(marketplace));
    if (missing.length > 0) {
      throw new Error(
        `No connector for the marketplace${missing.length > 1 ? 's' : ''} ${missing.join(', ')}: the configuration enables ${missing.length > 1 ? 'them' : 'it'}, so each needs its connector registered at boot.`,
      );
    }
    const unexpected = [...this.connectors.keys()].filter((m) => !required.includes(m));
    if (unexpected.length > 0) {
      throw new Error(
        `A connector for ${unexpected.join(', ')}, which the configuration does not enable.`,
      );
    }
    this.sealed = true;
  }

  get isSealed(): boolean {
    return this.sealed;
  }

  /** Removes a marketplace's connector (tests). */
  unregister(marketplace: MarketplaceId): void {
    this.connectors.delete(marketplace);
  }

  get(marketplace: MarketplaceId): Connector | undefined {
    return this.connectors.get(marketplace);
  }
}

/**
 * What the marketplaces' OAuth 2 token endpoints hand out, in our terms. Times are epoch
 * milliseconds; a marketplace that does not say when a token expires leaves it null.
 */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
  refreshTokenExpiresAt: number | null;
  /** The seller's id on the marketplace, when the token answer or a follow-up call names it. */
  externalAccountId: string | null;
  scope: string | null;
}

/**
 * The marketplace refused a code or a refresh token (invalid_grant and the like): the seller
 * must connect again. Anything else thrown by an OAuthProvider is a transient failure.
 */
export class OAuthRefusedError extends Error {
  override readonly name = 'OAuthRefusedError';
  constructor(
    message: string,
    readonly marketplace: MarketplaceId,
  ) {
    super(message);
  }
}

/**
 * One marketplace's OAuth 2 authorization-code flow: where to send the seller, and how to turn
 * a code, or a refresh token, into tokens. Implemented per marketplace beside its connector
 * (connectors/<marketplace>/oauth.ts) with its base URLs and HTTP client injectable, so tests
 * and the sandbox point them at the emulators.
 */
export interface OAuthProvider {
  readonly marketplace: MarketplaceId;
  /** PKCE (S256) where the marketplace requires it (Etsy). */
  readonly usesPkce: boolean;
  /**
   * Extra values the seller gives before being sent on (Shopify: the shop's domain); the
   * web-auth-url call passes them through to `authorizeUrl` and back to `exchangeCode`.
   */
  readonly needs?: readonly string[];
  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeChallenge: string | null;
    extra: Record<string, string>;
  }): string;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string | null;
    extra: Record<string, string>;
  }): Promise<TokenSet>;
  /** Throws OAuthRefusedError when the refresh token is no longer accepted. */
  refresh(refreshToken: string, extra: Record<string, string>): Promise<TokenSet>;
}

/** A connection's usable access token and the rest of its stored credentials. */
export interface ConnectionToken {
  connectionId: string;
  accessToken: string;
  /** The non-secret extras stored with the tokens (Shopify's shop domain, eBay's marketplace). */
  extra: Record<string, string>;
}

/**
 * How a connector gets the seller's token for a call (the connections module implements it):
 * the account's connection for the marketplace, refreshed ahead of expiry, with a rotated
 * refresh token saved at once. When there is no usable connection, or the marketplace refuses
 * the refresh, the connection is marked `needs_reconnect` and a permanent ConnectorError says
 * so ("Reconnect your eBay account in Marketplaces.").
 */
export interface ConnectionAuth {
  token(scope: ConnectorScope, marketplace: MarketplaceId): Promise<ConnectionToken>;
  /**
   * The marketplace answered 401 to `rejected`: refresh once (concurrent callers share one
   * refresh) and return the new token; throws as `token` does when that is refused.
   */
  refreshAfterRejection(
    scope: ConnectorScope,
    marketplace: MarketplaceId,
    rejected: string,
  ): Promise<ConnectionToken>;
}
