import {
  ConnectorError,
  type Connector,
  type ConnectorListingInput,
  type ConnectorOrder,
  type ConnectorPublished,
  type ConnectorScope,
  type ConnectorWebhookDelivery,
  type ConnectorWebhookEvent,
  type ConnectionAuth,
} from '../contract';
import { MarketplaceHttp, type MarketplaceCall } from '../shared/marketplace-http';
import { DepopClient, type DepopOrder, type DepopShop } from './client';
import { depopErrorMessage } from './errors';
import { listingSku } from '../shared/marketplace-sku';
import {
  buildDepopProduct,
  depopBaseSku,
  depopListingProblems,
  depopSku,
  depopSkuGeneration,
} from './mapper';
import {
  depopWebhookDelivery,
  depopWebhookEvents,
  verifyDepopWebhook,
  type DepopWebhookSecret,
  type WebhookHeaders,
} from './webhook';

/** ✅ Live Seller API; staging (where the testing purchase works) is partnerapi-staging. */
export const DEPOP_API_BASE_URL = 'https://partnerapi.depop.com';
/** ✅ Product pages: `https://www.depop.com/products/{slug}/`. */
export const DEPOP_LISTING_URL_BASE = 'https://www.depop.com/products/';

export interface DepopConnectorOptions {
  /** ✅ https://partnerapi.depop.com, or the emulator's URL. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** The seller's API key travels as the connection's access token. */
  auth: ConnectionAuth;
  onCall?: (call: MarketplaceCall) => void;
  /** Where product pages are (`<base><slug>/`): Depop's site, or the emulator's. */
  listingUrlBase?: string;
  /** The server's public URL, to give Depop absolute addresses of relative photo URLs. */
  publicUrl?: string;
  /** The secret that signs newOrder webhooks (from Depop; not the API key). */
  webhookSecret?: DepopWebhookSecret;
  /** ◐ How far a webhook's timestamp may be from now, in seconds (5 minutes). */
  webhookToleranceSeconds?: number;
  /** Orders asked per page (✅ Depop allows up to 200). */
  ordersPageSize?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** The MarketplaceHttp of Depop's Seller API, with Depop's error format read for the seller. */
export function createDepopHttp(options: {
  baseUrl: string;
  auth?: ConnectionAuth;
  fetch?: typeof fetch;
  onCall?: (call: MarketplaceCall) => void;
  timeoutMs?: number;
}): MarketplaceHttp {
  return new MarketplaceHttp({
    marketplace: 'depop',
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    errorMessage: depopErrorMessage,
  });
}

/** A sale elsewhere, for Depop's mark-as-sold. */
export interface DepopMarkSoldInput extends ConnectorScope {
  itemID: string;
  /** The Depop product id of the listing, when ListLoop has it. */
  listedID: string | null;
}

export interface DepopConnector extends Connector {
  readonly http: MarketplaceHttp;
  /** The events of a webhook, verified against its raw body. */
  parseWebhook(headers: WebhookHeaders, body: unknown): Promise<ConnectorWebhookEvent[]>;
  receiveWebhook(headers: WebhookHeaders, raw: Buffer): Promise<ConnectorWebhookDelivery>;
  readonly client: DepopClient;
  /**
   * ✅ "Call this as soon as you make a sale on a different platform": the product stays in the
   * shop with a "sold" overlay. 'not_found' when Depop has no such product (nothing to sell).
   */
  markSold(input: DepopMarkSoldInput): Promise<'marked' | 'not_found'>;
  /** The shop an API key belongs to, asked with that key: check a key when the seller connects. */
  shopOf(apiKey: string): Promise<DepopShop>;
  /** One order by purchase id (reconciling a webhook); null when Depop has none. */
  order(scope: ConnectorScope, purchaseId: string): Promise<DepopOrder | null>;
}

/** ✅ Statuses of a deleted product: its SKU is spent. */
function isDeletedStatus(status: string | undefined): boolean {
  return (status ?? '').startsWith('STATUS_DELETED');
}

function productIdOf(value: unknown): string | null {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && /^\d+$/.test(value.trim()) ? value.trim() : null;
}

/**
 * Depop through its Seller API, with the seller's API key. The SKU is the seller's (or our item
 * id, for an item without one), kept on the listing once sent, so a retried publish updates the
 * product it made instead of making another: publish = one PUT by SKU
 * (a product listed before is first read by id, 2 calls: to update it in place, restock it, or,
 * once deleted, list it under the item's next SKU since Depop never takes a SKU twice);
 * delist = one idempotent DELETE.
 */
export function createDepopConnector(options: DepopConnectorOptions): DepopConnector {
  const now = options.now ?? Date.now;
  const http = createDepopHttp(options);
  const client = new DepopClient(http);
  const listingUrlBase = options.listingUrlBase ?? DEPOP_LISTING_URL_BASE;
  const ordersPage = Math.min(Math.max(options.ordersPageSize ?? 200, 1), 200);
  const tolerance = options.webhookToleranceSeconds ?? 300;
  const mapOptions = options.publicUrl ? { publicUrl: options.publicUrl } : {};

  function published(
    answer: { product_id: number; slug: string },
    sku: string,
  ): ConnectorPublished {
    return {
      listedID: String(answer.product_id),
      listingURL: `${listingUrlBase}${encodeURIComponent(answer.slug)}/`,
      sku,
    };
  }

  /** The SKU the listing goes to: its live product's, or the next one after a deleted one. */
  async function skuFor(scope: ConnectorScope, base: string, listedID: string | null) {
    const first = depopSku(base);
    if (!listedID) return first;
    const product = await client.productById(scope, listedID);
    const generation = product?.sku ? depopSkuGeneration(base, product.sku) : null;
    // Not found, or a product of another item (a stale id): start from the item's own SKU.
    if (!product?.sku || generation === null) return first;
    return isDeletedStatus(product.status) ? depopSku(base, generation + 1) : product.sku;
  }

  /** Puts the listing on Depop as it is now: publish and update. */
  async function sync(
    input: ConnectorListingInput & { listedID?: string | null },
  ): Promise<ConnectorPublished> {
    const scope = { accountId: input.accountId, userId: input.userId };
    const base = depopBaseSku(input);
    const problems = depopListingProblems(input, mapOptions);
    if (problems.length > 0) throw refusal(problems);
    const listedID = productIdOf(input.listedID) ?? productIdOf(input.listing.listedID);
    const sku = await skuFor(scope, base, listedID);
    if (sku !== depopSku(base)) {
      // A later SKU is longer: it must still fit Depop's limit.
      const longer = depopListingProblems(input, mapOptions, sku).filter((p) => p.path === 'sku');
      if (longer.length > 0) throw refusal(longer);
    }
    const answer = await client.putProduct(scope, sku, buildDepopProduct(input, mapOptions));
    return published(answer, sku);
  }

  function refusal(problems: { message: string }[]): ConnectorError {
    return new ConnectorError(
      `Depop would refuse this listing: ${problems.map((p) => p.message).join(' ')}`,
    );
  }

  async function markSold(input: DepopMarkSoldInput): Promise<'marked' | 'not_found'> {
    const scope = { accountId: input.accountId, userId: input.userId };
    const listedID = productIdOf(input.listedID);
    const found = listedID
      ? await client.markSoldById(scope, listedID)
      : await client.markSoldBySku(scope, depopSku(input.itemID));
    return found ? 'marked' : 'not_found';
  }

  return {
    marketplace: 'depop',
    http,
    client,

    async build(input) {
      return {
        sku: depopSku(depopBaseSku(input)),
        product: buildDepopProduct(input, mapOptions),
      };
    },

    async validate(input) {
      return depopListingProblems(input, mapOptions);
    },

    publish: sync,

    update: sync,

    async delist(input) {
      const scope = { accountId: input.accountId, userId: input.userId };
      const listedID = productIdOf(input.listedID);
      // ✅ Idempotent: a product already gone answers 200 too.
      if (listedID) await client.deleteById(scope, listedID);
      else await client.deleteBySku(scope, listingSku('depop', input));
    },

    async updateQuantity(input) {
      const scope = { accountId: input.accountId, userId: input.userId };
      if (!Number.isInteger(input.quantity) || input.quantity < 0) {
        throw new ConnectorError(`A quantity of ${input.quantity} cannot be sent to Depop.`);
      }
      const listedID = productIdOf(input.listedID);
      if (!listedID) {
        throw new ConnectorError('ListLoop does not know this listing’s Depop product id.');
      }
      // ✅ A PATCH takes a quantity of at least 1; "use the mark as sold endpoint to reduce
      // quantity to 0".
      if (input.quantity === 0) await client.markSoldById(scope, listedID);
      else await client.patchById(scope, listedID, { quantity: input.quantity });
    },

    async fetchOrders(scope, since) {
      const from = new Date(Math.min(since, now())).toISOString();
      const found: ConnectorOrder[] = [];
      const seen = new Set<string>();
      let cursor: string | undefined;
      for (;;) {
        const page = await client.orders(scope, {
          from,
          limit: ordersPage,
          ...(cursor ? { cursor } : {}),
        });
        for (const order of page.orders) {
          const soldAt = Date.parse(order.created_at ?? '') || now();
          for (const line of order.line_items ?? []) {
            const listedID = productIdOf(line.product_id);
            if (!listedID) continue;
            const key = `${order.purchase_id}|${line.purchase_item_id ?? listedID}`;
            if (seen.has(key)) continue;
            seen.add(key);
            const price = Number(line.sold_price);
            found.push({
              orderId: order.purchase_id,
              listedID,
              sku: line.sku ?? null,
              soldAt,
              price: Number.isFinite(price) ? price : null,
              currency: order.currency ?? null,
            });
          }
        }
        if (!page.hasMore || !page.cursor || page.orders.length === 0) break;
        cursor = page.cursor;
      }
      return found;
    },

    async parseWebhook(headers: WebhookHeaders, body: unknown) {
      const payload = await verifyDepopWebhook(headers, body, {
        secret: options.webhookSecret,
        now: now(),
        toleranceSeconds: tolerance,
      });
      return depopWebhookEvents(payload);
    },

    async receiveWebhook(headers, raw) {
      const payload = await verifyDepopWebhook(headers, raw, {
        secret: options.webhookSecret,
        now: now(),
        toleranceSeconds: tolerance,
      });
      return depopWebhookDelivery(payload);
    },

    markSold,

    shopOf(apiKey) {
      return client.shop(apiKey);
    },

    async sellerOfKey(apiKey) {
      return (await client.shop(apiKey)).sellerId;
    },

    order(scope, purchaseId) {
      return client.order(scope, purchaseId);
    },
  };
}
