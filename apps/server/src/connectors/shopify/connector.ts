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
  type ConnectorWebhookTopic,
  type ConnectorWebhookEvent,
  type ConnectionAuth,
} from '../contract';
import type { MarketplaceCall } from '../shared/marketplace-http';
import { downloadPhoto, publicPhotoFetcher, type PhotoFetcher } from '../shared/photo-download';
import {
  assertNoUserErrors,
  ShopifyClient,
  shopifyShopBaseUrl,
  type ShopifySession,
  type ShopifyUserError,
} from './client';
import {
  EXISTING_PRODUCTS,
  METAFIELD_DEFINITIONS,
  METAFIELDS_SET,
  ORDERS_SINCE,
  PRODUCT,
  PRODUCT_SET,
  PUBLISH,
  SET_QUANTITY,
  SET_QUANTITY_AND_PUBLISH,
  SET_QUANTITY_AND_UNPUBLISH,
  SHOP_CONTEXT,
  UNPUBLISH,
  VARIANTS_BY_SKU,
  WEBHOOK_SUBSCRIPTION_CREATE,
  WEBHOOK_SUBSCRIPTIONS,
} from './documents';
import {
  buildProductSetInput,
  existingListingFromProduct,
  productHandle,
  shopifyListingProblems,
  shopifySku,
  type ShopifyExistingProductNode,
  type ShopifyMetafieldValue,
  type ShopifyProductSetInput,
} from './mapper';
import { normalizeShopDomain } from './oauth';
import {
  shopifyWebhookDelivery,
  shopifyWebhookEvents,
  ShopifyWebhookVerifier,
  type WebhookHeaders,
} from './webhook';

export type ShopifyWebhookTopic = ConnectorWebhookTopic;

/** The topics to subscribe to for an account (spec §3 config.shopify.webhooksAvailable). */
export function shopifyWebhookTopics(
  config: Partial<AccountConfig> | null | undefined,
): ShopifyWebhookTopic[] {
  const topics = config?.shopify?.webhooksAvailable;
  return topics && topics.length > 0 ? [...new Set(topics)] : ['ORDERS_CREATE'];
}

/** Where Shopify delivers ListLoop's webhooks: `<public url>/webhook/shopify` (spec §2 hosting). */
export function shopifyWebhookUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/webhook/shopify`;
}

export type ShopifyMetafieldDefinition = ConnectorMetafieldDefinition;

export interface ShopifyConnectorOptions {
  auth: ConnectionAuth;
  /** ✅ The Admin API version, such as SHOPIFY_API_VERSION. */
  apiVersion: string;
  /** The app's client secret: Shopify signs webhooks with it. */
  webhookSecret: string;
  /** The app's client id (Shopify Partners). */
  clientId?: string;
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

interface QuantityNode {
  name: string;
  quantity: number;
}

interface VariantNode {
  id: string;
  sku: string | null;
  inventoryItem: { id: string; inventoryLevel: { quantities: QuantityNode[] } | null };
}

interface ProductNode {
  id: string;
  handle: string;
  status: string;
  onlineStoreUrl: string | null;
  variants: { nodes: VariantNode[] };
}

interface ShopContext {
  shopUrl: string;
  locationId: string;
  publicationId: string;
  at: number;
}

interface PublishedNode {
  publishable: { id?: string; handle?: string; onlineStoreUrl?: string | null } | null;
  userErrors: ShopifyUserError[];
}

/** ◐ Shopify's name of the online store's sales channel. */
const ONLINE_STORE = 'Online Store';
const ORDER_PAGES_MAX = 10;
/** The most products EXISTING_PRODUCTS reads at once within the single-query cost limit. */
export const SHOPIFY_IMPORT_PAGE_MAX = 18;
const IMPORT_PAGE_DEFAULT = 10;

function available(variant: VariantNode): number | null {
  const level = variant.inventoryItem.inventoryLevel;
  if (!level) return null;
  return level.quantities.find((q) => q.name === 'available')?.quantity ?? 0;
}

function ourVariant(product: ProductNode, sku: string): VariantNode {
  const variant = product.variants.nodes.find((v) => v.sku === sku) ?? product.variants.nodes[0];
  if (!variant) throw new ConnectorError('This Shopify product has no variant to sell.');
  return variant;
}

/** The Shopify connector (issue 5): products by productSet, stock by compare-and-set, the online store by publications. */
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
  const verifier = new ShopifyWebhookVerifier(options.webhookSecret, options.clientId);
  const publicationName = (options.onlineStorePublicationName ?? ONLINE_STORE).toLowerCase();
  const casAttempts = Math.max(1, options.compareAndSetAttempts ?? 3);
  const contextTtl = options.shopContextCacheMs ?? 10 * 60_000;
  const contexts = new Map<string, ShopContext>();
  const importPageSize = Math.min(
    SHOPIFY_IMPORT_PAGE_MAX,
    Math.max(1, Math.floor(options.importPageSize ?? IMPORT_PAGE_DEFAULT)),
  );

  async function context(session: ShopifySession): Promise<ShopContext> {
    const cached = contexts.get(session.shop);
    if (cached && now() - cached.at < contextTtl) return cached;
    const data = await session.graphql<{
      shop: { url: string };
      location: { id: string } | null;
      publications: { nodes: { id: string; name: string }[] };
    }>(SHOP_CONTEXT);
    if (!data.location) {
      throw new ConnectorError(
        'Your Shopify store has no location to stock products at: add one in Shopify, then try again.',
      );
    }
    const publication = data.publications.nodes.find(
      (p) => p.name.toLowerCase() === publicationName,
    );
    if (!publication) {
      throw new ConnectorError(
        `Your Shopify store has no ${options.onlineStorePublicationName ?? ONLINE_STORE} sales channel: add it in Shopify, then try again.`,
      );
    }
    const fresh = {
      shopUrl: data.shop.url.replace(/\/+$/, ''),
      locationId: data.location.id,
      publicationId: publication.id,
      at: now(),
    };
    contexts.set(session.shop, fresh);
    return fresh;
  }

  async function findBySku(
    session: ShopifySession,
    ctx: ShopContext,
    sku: string,
  ): Promise<ProductNode | null> {
    const data = await session.graphql<{
      productVariants: { nodes: (VariantNode & { product: ProductNode })[] };
    }>(VARIANTS_BY_SKU, { query: `sku:${JSON.stringify(sku)}`, locationId: ctx.locationId });
    return data.productVariants.nodes.find((v) => v.sku === sku)?.product ?? null;
  }

  async function readProduct(
    session: ShopifySession,
    ctx: ShopContext,
    id: string,
  ): Promise<ProductNode | null> {
    const data = await session.graphql<{ product: ProductNode | null }>(PRODUCT, {
      id,
      locationId: ctx.locationId,
    });
    return data.product;
  }

  async function productSet(
    session: ShopifySession,
    ctx: ShopContext,
    identifier: { id: string } | { handle: string },
    input: ShopifyProductSetInput,
  ): Promise<ProductNode> {
    const data = await session.graphql<{
      productSet: { product: ProductNode | null; userErrors: ShopifyUserError[] } | null;
    }>(PRODUCT_SET, { identifier, input, locationId: ctx.locationId });
    assertNoUserErrors(data.productSet?.userErrors, 'save the product');
    const product = data.productSet?.product;
    if (!product)
      throw new ConnectorError('Shopify did not answer with the saved product.', {
        transient: true,
      });
    return product;
  }

  async function setMetafields(
    session: ShopifySession,
    productId: string,
    input: ConnectorListingInput,
  ): Promise<void> {
    const values = (await options.metafields?.(input)) ?? [];
    // ✅ metafieldsSet takes at most 25 metafields a call.
    for (let start = 0; start < values.length; start += 25) {
      const data = await session.graphql<{
        metafieldsSet: {
          userErrors: (ShopifyUserError & { elementIndex?: number | null })[];
        } | null;
      }>(METAFIELDS_SET, {
        metafields: values.slice(start, start + 25).map((v) => ({ ownerId: productId, ...v })),
      });
      const errors = (data.metafieldsSet?.userErrors ?? []).map((e) => {
        const value = e.elementIndex == null ? undefined : values[start + e.elementIndex];
        return value ? { ...e, message: `${value.namespace}.${value.key}: ${e.message}` } : e;
      });
      assertNoUserErrors(errors, 'save the product metafields');
    }
  }

  /**
   * Sets the variant's available quantity at the shop's location by compare-and-set: the
   * quantity read last is the one to compare; when Shopify answers that it changed meanwhile
   * (COMPARE_QUANTITY_STALE), read it again and retry, a bounded number of times. `then` is a
   * mutation run in the same call (publish or unpublish), or alone when the quantity is right.
   */
  async function setQuantity(
    session: ShopifySession,
    ctx: ShopContext,
    product: ProductNode,
    sku: string,
    target: number,
    then: 'publish' | 'unpublish' | null,
  ): Promise<PublishedNode | null> {
    let current = product;
    const publications = [{ publicationId: ctx.publicationId }];
    for (let attempt = 1; ; attempt += 1) {
      const variant = ourVariant(current, sku);
      const quantity = available(variant);
      if (quantity === null) {
        throw new ConnectorError(
          "This Shopify product is not stocked at your shop's location: stock it there in Shopify, then try again.",
        );
      }
      if (quantity === target) {
        if (then === null) return null;
        const data = await session.graphql<{
          publishablePublish?: PublishedNode;
          publishableUnpublish?: PublishedNode;
        }>(then === 'publish' ? PUBLISH : UNPUBLISH, { id: current.id, publications });
        const result = then === 'publish' ? data.publishablePublish : data.publishableUnpublish;
        assertNoUserErrors(
          result?.userErrors,
          then === 'publish' ? 'publish the product' : 'unpublish the product',
        );
        return result ?? null;
      }
      const input = {
        name: 'available',
        reason: 'correction',
        quantities: [
          {
            inventoryItemId: variant.inventoryItem.id,
            locationId: ctx.locationId,
            quantity: target,
            compareQuantity: quantity,
          },
        ],
      };
      const data = await session.graphql<{
        inventorySetQuantities: { userErrors: ShopifyUserError[] } | null;
        publishablePublish?: PublishedNode;
        publishableUnpublish?: PublishedNode;
      }>(
        then === 'publish'
          ? SET_QUANTITY_AND_PUBLISH
          : then === 'unpublish'
            ? SET_QUANTITY_AND_UNPUBLISH
            : SET_QUANTITY,
        then === null ? { input } : { input, id: current.id, publications },
      );
      const errors = data.inventorySetQuantities?.userErrors ?? [];
      if (errors.some((e) => e.code === 'COMPARE_QUANTITY_STALE')) {
        if (attempt >= casAttempts) {
          throw new ConnectorError(
            'The quantity on Shopify kept changing while ListLoop was setting it; ListLoop will try again.',
            { transient: true },
          );
        }
        const reread = await readProduct(session, ctx, current.id);
        if (!reread) throw new ConnectorError('This product no longer exists on Shopify.');
        current = reread;
        continue;
      }
      assertNoUserErrors(errors, 'set the quantity');
      const result =
        then === 'publish'
          ? data.publishablePublish
          : then === 'unpublish'
            ? data.publishableUnpublish
            : undefined;
      if (then) {
        assertNoUserErrors(
          result?.userErrors,
          then === 'publish' ? 'publish the product' : 'unpublish the product',
        );
      }
      return result ?? null;
    }
  }

  function listingUrl(
    ctx: ShopContext,
    product: ProductNode,
    published: PublishedNode | null,
  ): string {
    return (
      published?.publishable?.onlineStoreUrl ??
      product.onlineStoreUrl ??
      `${ctx.shopUrl}/products/${product.handle}`
    );
  }

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
      await setMetafields(session, product.id, input);
      const published = await setQuantity(
        session,
        ctx,
        product,
        sku,
        input.built.quantity,
        'publish',
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
      await setMetafields(session, product.id, input);
      await setQuantity(session, ctx, product, sku, input.built.quantity, null);
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
      await setQuantity(session, ctx, product, sku, 0, 'unpublish');
    },

    async updateQuantity(input): Promise<void> {
      const session = await client.session(scopeOf(input));
      const ctx = await context(session);
      const product = await readProduct(session, ctx, input.listedID);
      if (!product) throw new ConnectorError('This product no longer exists on Shopify.');
      await setQuantity(session, ctx, product, shopifySku(input), input.quantity, null);
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
      const session = await client.session(scopeOf(scope));
      const data = await session.graphql<{
        metafieldDefinitions: {
          nodes: {
            id: string;
            name: string;
            namespace: string;
            key: string;
            description: string | null;
            type: { name: string };
            ownerType: string;
          }[];
          pageInfo: { hasNextPage: boolean; endCursor: string | null };
        };
      }>(METAFIELD_DEFINITIONS, {
        ownerType: search.ownerType ?? 'PRODUCT',
        first: Math.min(Math.max(search.first ?? 50, 1), 250),
        after: search.after ?? null,
        query: search.query?.trim() || null,
      });
      return {
        definitions: data.metafieldDefinitions.nodes.map((d) => ({ ...d, type: d.type.name })),
        hasNextPage: data.metafieldDefinitions.pageInfo.hasNextPage,
        endCursor: data.metafieldDefinitions.pageInfo.endCursor,
      };
    },

    async registerWebhooks(scope, input) {
      const session = await client.session(scopeOf(scope));
      const topics = [...new Set(input.topics)];
      const data = await session.graphql<{
        webhookSubscriptions: { nodes: { topic: string; endpoint: { callbackUrl?: string } }[] };
      }>(WEBHOOK_SUBSCRIPTIONS, { topics, callbackUrl: input.callbackUrl });
      const existing = topics.filter((topic) =>
        data.webhookSubscriptions.nodes.some(
          (s) => s.topic === topic && s.endpoint.callbackUrl === input.callbackUrl,
        ),
      );
      const created: ShopifyWebhookTopic[] = [];
      for (const topic of topics) {
        if (existing.includes(topic)) continue;
        const answer = await session.graphql<{
          webhookSubscriptionCreate: { userErrors: ShopifyUserError[] } | null;
        }>(WEBHOOK_SUBSCRIPTION_CREATE, {
          topic,
          webhookSubscription: { callbackUrl: input.callbackUrl, format: 'JSON' },
        });
        const errors = answer.webhookSubscriptionCreate?.userErrors ?? [];
        // Subscribed meanwhile (another registration): it is there, which is what was asked.
        if (errors.length > 0 && errors.every((e) => /already been taken/i.test(e.message))) {
          existing.push(topic);
          continue;
        }
        assertNoUserErrors(errors, `subscribe to ${topic}`);
        created.push(topic);
      }
      return { created, existing };
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
