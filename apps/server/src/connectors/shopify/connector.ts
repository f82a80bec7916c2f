import type { AccountConfig } from '@listloop/domain';
import {
  ConnectorError,
  type Connector,
  type ConnectorListingInput,
  type ConnectorListingPage,
  type ConnectorOrder,
  type ConnectorPhoto,
  type ConnectorPublished,
  type ConnectorScope,
  type ConnectorMetafieldDefinition,
  type ConnectorMetafieldPage,
  type ConnectorMetafieldSearch,
  type ConnectorWebhookDelivery,
  type ConnectorWebhookSubscription,
  type ConnectorWebhookEvent,
  type ConnectionAuth,
} from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { downloadPhoto, publicPhotoFetcher, type PhotoFetcher } from '../shared/photo-download';
import { ShopifyClient, shopifyShopBaseUrl } from './client';
import { EXISTING_PRODUCTS, ORDERS_SINCE } from './documents';
import {
  buildProductSetInput,
  existingListingFromProduct,
  productHandle,
  shopifyListingProblems,
  shopifySku,
  type ShopifyExistingProductNode,
  type ShopifyMetafieldValue,
} from './mapper';
import { normalizeShopDomain } from './oauth';
import {
  findBySku,
  listingUrl,
  ourVariant,
  productSet,
  readProduct,
  setMetafields,
  type ProductNode,
} from './products';
import {
  metafieldDefinitions,
  registerWebhooks,
  shopifyWebhookTopics,
  shopifyWebhookUrl,
  type ShopifyWebhookTopic,
} from './shop-admin';
import { shopContexts } from './shop-context';
import { setQuantity } from './stock';
import {
  shopifyWebhookDelivery,
  shopifyWebhookEvents,
  ShopifyWebhookVerifier,
  type WebhookHeaders,
} from './webhook';

export { shopifyWebhookTopics, shopifyWebhookUrl, type ShopifyWebhookTopic };

export type ShopifyMetafieldDefinition = ConnectorMetafieldDefinition;

export interface ShopifyConnectorOptions {
  auth: ConnectionAuth;
  /** ✅ The Admin API version, such as SHOPIFY_API_VERSION. */
  apiVersion: string;
  /** The app's client secret: Shopify signs webhooks with it. */
  webhookSecret: string;
  /** The base URL of a shop's Admin API: `https://{shop}` by default, the emulator's in tests. */
  shopBaseUrl?: (shop: string) => string;
  /** Hosts accepted as a shop besides *.myshopify.com (the emulator's). */
  allowedShopHosts?: readonly string[];
  fetch?: typeof fetch;
  onCall?: (call: MarketplaceCall) => void;
  /** The server's public URL, to give Shopify absolute addresses of relative photo URLs. */
  publicUrl?: string;
  /** The metafield values of a listing (the account's metafield mapping); none by default. */
  metafields?: (
    input: ConnectorListingInput,
  ) => Promise<readonly ShopifyMetafieldValue[]> | readonly ShopifyMetafieldValue[];
  /** ◐ The sales channel products are published to, by its name in the shop. */
  onlineStorePublicationName?: string;
  /** Reads and writes of a quantity that changed meanwhile (compare-and-set) before giving up. */
  compareAndSetAttempts?: number;
  /** How long a shop's location, sales channel and URL are remembered. */
  shopContextCacheMs?: number;
  /**
   * Products read a page by fetchListings (the import on connect): 10 by default, at most 18,
   * which keeps one page's query cost under Shopify's 1,000-point ceiling.
   */
  importPageSize?: number;
  /** How long a photo download (fetchPhoto) may take. */
  photoTimeoutMs?: number;
  /**
   * How a listing's photos are downloaded (fetchPhoto, the import): the server's guarded
   * fetcher. By default one that reaches public internet addresses only; the tests trust their
   * emulators' origins, the sandbox answers its own in process.
   */
  photoFetcher?: PhotoFetcher;
  timeoutMs?: number;
  now?: () => number;
}

export interface ShopifyConnector extends Connector {
  readonly client: ShopifyClient;
  /** The events of a webhook, verified against its raw body. */
  parseWebhook(headers: WebhookHeaders, body: unknown): Promise<ConnectorWebhookEvent[]>;
  receiveWebhook(headers: WebhookHeaders, raw: Buffer): Promise<ConnectorWebhookDelivery>;
  /** The shop's metafield definitions (GET /api/marketplaces/shopify/metafields). */
  metafieldDefinitions(
    scope: ConnectorScope,
    search?: ConnectorMetafieldSearch,
  ): Promise<ConnectorMetafieldPage>;
  subscribeWebhooks(
    scope: ConnectorScope,
    input: { config: Partial<AccountConfig> | null; baseUrl: string },
  ): Promise<ConnectorWebhookSubscription>;
  /**
   * Subscribes the shop to the topics (config.shopify.webhooksAvailable) at `callbackUrl`;
   * topics already subscribed there are left as they are.
   */
  registerWebhooks(
    scope: ConnectorScope,
    input: { callbackUrl: string; topics: readonly ShopifyWebhookTopic[] },
  ): Promise<{ created: ShopifyWebhookTopic[]; existing: ShopifyWebhookTopic[] }>;
}

const ORDER_PAGES_MAX = 10;
/** The most products EXISTING_PRODUCTS reads at once within the single-query cost limit. */
export const SHOPIFY_IMPORT_PAGE_MAX = 18;
const IMPORT_PAGE_DEFAULT = 10;

/**
 * The Shopify connector: products by productSet (products.ts), stock by compare-and-set
 * (stock.ts), the online store by publications (shop-context.ts), the shop's metafield
 * definitions and webhook subscriptions (shop-admin.ts), webhooks verified and read
 * (webhook.ts).
 */
export function createShopifyConnector(options: ShopifyConnectorOptions): ShopifyConnector {
  const now = options.now ?? Date.now;
  const photoFetcher = options.photoFetcher ?? publicPhotoFetcher();
  const client = new ShopifyClient({
    auth: options.auth,
    apiVersion: options.apiVersion,
    shopBaseUrl: (shop) => {
      let domain: string;
      try {
        domain = normalizeShopDomain(shop, options.allowedShopHosts);
      } catch (error) {
        throw new ConnectorError(
          `Reconnect your Shopify account in Marketplaces: ${(error as Error).message}`,
        );
      }
      return (options.shopBaseUrl ?? shopifyShopBaseUrl)(domain);
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.onCall ? { onCall: options.onCall } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const verifier = new ShopifyWebhookVerifier(options.webhookSecret);
  const casAttempts = Math.max(1, options.compareAndSetAttempts ?? 3);
  const context = shopContexts({
    now,
    ttlMs: options.shopContextCacheMs ?? 10 * 60_000,
    ...(options.onlineStorePublicationName
      ? { publicationName: options.onlineStorePublicationName }
      : {}),
  });
  const importPageSize = Math.min(
    SHOPIFY_IMPORT_PAGE_MAX,
    Math.max(1, Math.floor(options.importPageSize ?? IMPORT_PAGE_DEFAULT)),
  );

  function scopeOf(input: ConnectorScope): ConnectorScope {
    return { accountId: input.accountId, userId: input.userId };
  }

  const connector: ShopifyConnector = {
    marketplace: 'shopify',
    client,

    async build(input) {
      const values = (await options.metafields?.(input)) ?? [];
      return {
        productSet: buildProductSetInput({
          built: input.built,
          sku: shopifySku(input),
          ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
        }),
        metafields: values,
      };
    },

    async validate(input) {
      return shopifyListingProblems(input.built, options.publicUrl);
    },

    async publish(input): Promise<ConnectorPublished> {
      const problems = shopifyListingProblems(input.built, options.publicUrl);
      if (problems.length > 0) {
        throw new ConnectorError(
          `Shopify would not take this listing: ${problems.map((p) => p.message).join('; ')}`,
        );
      }
      const session = await client.session(scopeOf(input));
      const ctx = await context(session);
      const sku = shopifySku(input);
      const existing = await findBySku(session, ctx, sku);
      const publicUrl = options.publicUrl ? { publicUrl: options.publicUrl } : {};
      let product: ProductNode;
      if (existing) {
        // Listed before (a relist, or a retry): the same product and variant, updated.
        product = await productSet(
          session,
          ctx,
          { id: existing.id },
          buildProductSetInput({
            built: input.built,
            sku,
            variantId: ourVariant(existing, sku).id,
            ...publicUrl,
          }),
        );
      } else {
        product = await productSet(
          session,
          ctx,
          { handle: productHandle(input.built.title, sku) },
          buildProductSetInput({
            built: input.built,
            sku,
            initialQuantity: { locationId: ctx.locationId, quantity: input.built.quantity },
            ...publicUrl,
          }),
        );
      }
      await setMetafields(session, product.id, (await options.metafields?.(input)) ?? []);
      const published = await setQuantity(
        session,
        ctx,
        product,
        sku,
        input.built.quantity,
        'publish',
        casAttempts,
      );
      return { listedID: product.id, listingURL: listingUrl(ctx, product, published), sku };
    },

    async update(input): Promise<ConnectorPublished> {
      const problems = shopifyListingProblems(input.built, options.publicUrl);
      if (problems.length > 0) {
        throw new ConnectorError(
          `Shopify would not take this listing: ${problems.map((p) => p.message).join('; ')}`,
        );
      }
      const session = await client.session(scopeOf(input));
      const ctx = await context(session);
      const sku = shopifySku(input);
      const current = await readProduct(session, ctx, input.listedID);
      if (!current) {
        throw new ConnectorError(
          'This product no longer exists on Shopify: list the item on Shopify again.',
        );
      }
      const product = await productSet(
        session,
        ctx,
        { id: current.id },
        buildProductSetInput({
          built: input.built,
          sku,
          variantId: ourVariant(current, sku).id,
          ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
        }),
      );
      await setMetafields(session, product.id, (await options.metafields?.(input)) ?? []);
      await setQuantity(session, ctx, product, sku, input.built.quantity, null, casAttempts);
      return { listedID: product.id, listingURL: listingUrl(ctx, product, null), sku };
    },

    async delist(input): Promise<void> {
      const session = await client.session(scopeOf(input));
      const ctx = await context(session);
      const sku = shopifySku(input);
      const product =
        (input.listedID ? await readProduct(session, ctx, input.listedID) : null) ??
        (await findBySku(session, ctx, sku));
      // Nothing on Shopify to take down (deleted there): the item is not for sale there.
      if (!product) return;
      await setQuantity(session, ctx, product, sku, 0, 'unpublish', casAttempts);
    },

    async updateQuantity(input): Promise<void> {
      const session = await client.session(scopeOf(input));
      const ctx = await context(session);
      const product = await readProduct(session, ctx, input.listedID);
      if (!product) throw new ConnectorError('This product no longer exists on Shopify.');
      await setQuantity(
        session,
        ctx,
        product,
        shopifySku(input),
        input.quantity,
        null,
        casAttempts,
      );
    },

    async fetchOrders(scope, since): Promise<ConnectorOrder[]> {
      const session = await client.session(scopeOf(scope));
      const query = `updated_at:>'${new Date(since).toISOString()}'`;
      const orders: ConnectorOrder[] = [];
      let after: string | null = null;
      for (let page = 0; page < ORDER_PAGES_MAX; page += 1) {
        const data: {
          orders: {
            nodes: {
              id: string;
              createdAt: string;
              lineItems: {
                nodes: {
                  sku: string | null;
                  quantity: number;
                  product: { id: string } | null;
                  originalUnitPriceSet: { shopMoney: { amount: string; currencyCode: string } };
                }[];
              };
            }[];
            pageInfo: { hasNextPage: boolean; endCursor: string | null };
          };
        } = await session.graphql(ORDERS_SINCE, { query, after });
        for (const order of data.orders.nodes) {
          for (const line of order.lineItems.nodes) {
            if (!line.product) continue;
            orders.push({
              orderId: order.id,
              listedID: line.product.id,
              sku: line.sku,
              soldAt: Date.parse(order.createdAt),
              price: Number(line.originalUnitPriceSet.shopMoney.amount),
              currency: line.originalUnitPriceSet.shopMoney.currencyCode,
            });
          }
        }
        if (!data.orders.pageInfo.hasNextPage) break;
        after = data.orders.pageInfo.endCursor;
      }
      return orders;
    },

    async fetchListings(scope, cursor): Promise<ConnectorListingPage> {
      const session = await client.session(scopeOf(scope));
      const data = await session.graphql<{
        shop: { url: string };
        products: {
          nodes: ShopifyExistingProductNode[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      }>(EXISTING_PRODUCTS, { first: importPageSize, after: cursor });
      const { nodes, pageInfo } = data.products;
      return {
        listings: nodes.map((product) => existingListingFromProduct(product, data.shop.url)),
        nextCursor: pageInfo.hasNextPage ? pageInfo.endCursor : null,
      };
    },

    async fetchPhoto(url): Promise<ConnectorPhoto> {
      return downloadPhoto(url, {
        fetcher: photoFetcher,
        photo: 'a photo from Shopify',
        ...(options.photoTimeoutMs ? { timeoutMs: options.photoTimeoutMs } : {}),
      });
    },

    async parseWebhook(headers: WebhookHeaders, body: unknown): Promise<ConnectorWebhookEvent[]> {
      const { meta, payload } = await verifier.verify(headers, body);
      return shopifyWebhookEvents(meta, payload);
    },

    async receiveWebhook(headers, raw) {
      const { meta, payload } = await verifier.verify(headers, raw);
      return shopifyWebhookDelivery(headers, meta, payload);
    },

    async metafieldDefinitions(scope, search = {}) {
      return metafieldDefinitions(await client.session(scopeOf(scope)), search);
    },

    async registerWebhooks(scope, input) {
      return registerWebhooks(await client.session(scopeOf(scope)), input);
    },

    async subscribeWebhooks(scope, input) {
      const topics = shopifyWebhookTopics(input.config);
      const callbackUrl = shopifyWebhookUrl(input.baseUrl);
      const result = await connector.registerWebhooks(scope, { callbackUrl, topics });
      return { callbackUrl, topics, ...result };
    },
  };
  return connector;
}
