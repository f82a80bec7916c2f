import { GraphQLError } from 'graphql';
import {
  matchesSearch,
  parseSearchQuery,
  unknownSearchFields,
  withoutUnknownFields,
  type FieldValue,
} from './search-query';
import {
  MAX_METAFIELDS_PER_SET,
  iso,
  metafieldDigest,
  parseGid,
  variantTitle,
  type InventoryAdjustmentGroupRecord,
  type InventorySetQuantitiesInput,
  type LineItemRecord,
  type LocationRecord,
  type MetafieldDefinitionRecord,
  type MetafieldRecord,
  type MetafieldsSetEntry,
  type OrderRecord,
  type ProductRecord,
  type ProductSetIdentifiers,
  type ProductSetInput,
  type PublicationRecord,
  type ShopState,
  type UserErrorRecord,
  type VariantRecord,
  type WebhookSubscriptionRecord,
  type WebhookTopic,
} from './store';
import { REQUIRED_SCOPES } from './admin-schema';

/** Who is calling and where: resolved from the access token before a document runs. */
export interface AdminContext {
  shop: ShopState;
  clientId: string;
  scopes: readonly string[];
  apiVersion: string;
  /** The online store's base URL (product pages are under it). */
  shopUrl: string;
  /** A problem with the request that Shopify answers with a warning, not an error. */
  warn(message: string): void;
}

/** The most items one page of a connection may hold. */
const MAX_PAGE = 250;

interface PageArgs {
  first?: number | null;
  after?: string | null;
}

function cursorOf(id: string): string {
  return Buffer.from(JSON.stringify({ last_id: id })).toString('base64');
}

function idOfCursor(cursor: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64').toString('utf8')) as {
      last_id?: unknown;
    };
    return typeof parsed.last_id === 'string' ? parsed.last_id : null;
  } catch {
    return null;
  }
}

function connection<T>(
  items: readonly T[],
  args: PageArgs,
  idOf: (item: T) => string,
  view: (item: T) => unknown,
) {
  if (args.first == null) {
    throw new GraphQLError('you must provide one of first or last', {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  if (args.first < 0 || args.first > MAX_PAGE) {
    throw new GraphQLError(`The page size must be between 0 and ${MAX_PAGE}.`, {
      extensions: { code: 'BAD_REQUEST' },
    });
  }
  let start = 0;
  if (args.after) {
    const id = idOfCursor(args.after);
    const index = id === null ? -1 : items.findIndex((item) => idOf(item) === id);
    if (index < 0) {
      throw new GraphQLError('Invalid cursor for current pagination sort.', {
        extensions: { code: 'BAD_REQUEST' },
      });
    }
    start = index + 1;
  }
  const page = items.slice(start, start + args.first);
  const nodes = page.map(view);
  return {
    edges: page.map((item, index) => ({ cursor: cursorOf(idOf(item)), node: nodes[index] })),
    nodes,
    pageInfo: {
      hasNextPage: start + page.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: page.length ? cursorOf(idOf(page[0]!)) : null,
      endCursor: page.length ? cursorOf(idOf(page[page.length - 1]!)) : null,
    },
  };
}

function hasScope(scopes: readonly string[], needed: string): boolean {
  if (scopes.includes(needed)) return true;
  return needed.startsWith('read_') && scopes.includes(`write_${needed.slice(5)}`);
}

function requireScope(ctx: AdminContext, field: string, needed = REQUIRED_SCOPES[field]): void {
  if (!needed || hasScope(ctx.scopes, needed)) return;
  throw new GraphQLError(
    `Access denied for ${field} field. Required access: \`${needed}\` access scope.`,
    {
      extensions: {
        code: 'ACCESS_DENIED',
        documentation: 'https://shopify.dev/api/usage/access-scopes',
        requiredAccess: `\`${needed}\` access scope.`,
      },
    },
  );
}

function filtered<T>(
  ctx: AdminContext,
  resource: string,
  items: Iterable<T>,
  query: string | null | undefined,
  known: readonly string[],
  valueOf: (item: T, field: string | null) => FieldValue,
): T[] {
  let parsed = parseSearchQuery(query);
  const unknown = unknownSearchFields(parsed, known);
  if (unknown.length > 0) {
    ctx.warn(`Invalid search field for ${resource}: ${unknown.join(', ')} (query "${query}")`);
    parsed = withoutUnknownFields(parsed, known);
  }
  return [...items].filter((item) => matchesSearch(parsed, (field) => valueOf(item, field)));
}

function moneyBag(amount: string, currencyCode: string) {
  const money = { amount, currencyCode };
  return { shopMoney: money, presentmentMoney: money };
}

function userErrors(errors: UserErrorRecord[]) {
  return errors.map((e) => ({
    field: e.field,
    message: e.message,
    code: e.code ?? null,
    elementIndex: e.elementIndex ?? null,
  }));
}

// ---- object views ---------------------------------------------------------------------

function shopView(ctx: AdminContext) {
  const { settings } = ctx.shop;
  return {
    id: ctx.shop.id,
    name: settings.name,
    email: settings.email,
    myshopifyDomain: settings.domain,
    url: ctx.shopUrl,
    primaryDomain: {
      id: ctx.shop.domainId,
      host: new URL(ctx.shopUrl).host,
      url: ctx.shopUrl,
    },
    currencyCode: settings.currencyCode,
    ianaTimezone: settings.ianaTimezone,
  };
}

function locationView(location: LocationRecord) {
  return { id: location.id, name: location.name, isActive: true };
}

function publicationView(publication: PublicationRecord) {
  return { ...publication };
}

function metafieldView(metafield: MetafieldRecord) {
  return {
    ...metafield,
    compareDigest: metafieldDigest(metafield),
    createdAt: iso(metafield.createdAt),
    updatedAt: iso(metafield.updatedAt),
  };
}

function metafieldDefinitionView(definition: MetafieldDefinitionRecord) {
  return {
    ...definition,
    type: { name: definition.type, category: definitionCategory(definition.type) },
  };
}

function definitionCategory(type: string): string {
  if (type.includes('text')) return 'TEXT';
  if (type.startsWith('number')) return 'NUMBER';
  if (type.includes('date')) return 'DATE_TIME';
  if (type === 'boolean') return 'TRUE_FALSE';
  if (type.includes('reference')) return 'REFERENCE';
  return 'ADVANCED';
}

/** Shopify's inventory quantity names; the emulator keeps available, committed and on_hand. */
const QUANTITY_NAMES = [
  'available',
  'committed',
  'damaged',
  'incoming',
  'on_hand',
  'quality_control',
  'reserved',
  'safety_stock',
];

function inventoryLevelView(ctx: AdminContext, itemId: string, locationId: string) {
  const item = ctx.shop.inventoryItems.get(itemId);
  const level = item?.levels.get(locationId);
  if (!item || !level) return null;
  return {
    id: `gid://shopify/InventoryLevel/${parseGid(item.id)!.legacyId}?inventory_item_id=${parseGid(item.id)!.legacyId}`,
    location: locationView(ctx.shop.location),
    item: () => inventoryItemView(ctx, item.id),
    updatedAt: iso(level.updatedAt),
    quantities: ({ names }: { names: string[] }) =>
      names.map((name) => {
        if (!QUANTITY_NAMES.includes(name)) {
          throw new GraphQLError(
            `Invalid quantity name: ${name}. Valid names are ${QUANTITY_NAMES.join(', ')}.`,
            { extensions: { code: 'BAD_REQUEST' } },
          );
        }
        const quantity =
          name === 'available' || name === 'on_hand' || name === 'committed' ? level[name] : 0;
        return {
          id: `gid://shopify/InventoryQuantity/${parseGid(item.id)!.legacyId}?name=${name}`,
          name,
          quantity,
          updatedAt: iso(level.updatedAt),
        };
      }),
  };
}

function inventoryItemView(ctx: AdminContext, itemId: string) {
  const item = ctx.shop.inventoryItems.get(itemId);
  if (!item) return null;
  const variant = ctx.shop.variants.get(item.variantId);
  return {
    id: item.id,
    sku: variant?.sku ?? null,
    tracked: item.tracked,
    inventoryLevel: ({ locationId }: { locationId: string }) =>
      inventoryLevelView(ctx, item.id, locationId),
    inventoryLevels: (args: PageArgs) =>
      connection(
        [...item.levels.keys()],
        args,
        (locationId) => locationId,
        (locationId) => inventoryLevelView(ctx, item.id, locationId),
      ),
  };
}

function variantView(ctx: AdminContext, variant: VariantRecord) {
  return {
    id: variant.id,
    title: variantTitle(variant) ?? 'Default Title',
    sku: variant.sku,
    barcode: variant.barcode,
    price: variant.price,
    compareAtPrice: variant.compareAtPrice,
    inventoryQuantity: ctx.shop.variantQuantity(variant),
    inventoryPolicy: variant.inventoryPolicy,
    selectedOptions: variant.selectedOptions,
    product: () => productView(ctx, ctx.shop.products.get(variant.productId)!),
    inventoryItem: () => inventoryItemView(ctx, variant.inventoryItemId),
    createdAt: iso(variant.createdAt),
    updatedAt: iso(variant.updatedAt),
  };
}

function productView(ctx: AdminContext, product: ProductRecord) {
  const { shop } = ctx;
  const published = product.publications.get(shop.onlineStore.id);
  return {
    __typename: 'Product',
    id: product.id,
    title: product.title,
    handle: product.handle,
    descriptionHtml: product.descriptionHtml,
    vendor: product.vendor,
    productType: product.productType,
    tags: product.tags,
    status: product.status,
    createdAt: iso(product.createdAt),
    updatedAt: iso(product.updatedAt),
    publishedAt: published === undefined ? null : iso(published),
    onlineStoreUrl: shop.isOnOnlineStore(product)
      ? `${ctx.shopUrl}/products/${product.handle}`
      : null,
    totalInventory: shop.totalInventory(product),
    tracksInventory: shop
      .productVariants(product)
      .some((v) => shop.inventoryItems.get(v.inventoryItemId)?.tracked),
    options: ({ first }: { first?: number | null }) =>
      product.options.slice(0, first ?? undefined).map((option) => ({
        id: option.id,
        name: option.name,
        position: option.position,
        optionValues: option.values,
      })),
    variants: (args: PageArgs) =>
      connection(
        shop.productVariants(product),
        args,
        (v) => v.id,
        (v) => variantView(ctx, v),
      ),
    media: (args: PageArgs) =>
      connection(
        product.media,
        args,
        (m) => m.id,
        (m) => ({
          __typename: 'MediaImage',
          id: m.id,
          alt: m.alt,
          mediaContentType: 'IMAGE',
          status: 'READY',
          image: { id: m.id.replace('MediaImage', 'ImageSource'), url: m.url, altText: m.alt },
        }),
      ),
    metafield: ({ namespace, key }: { namespace?: string | null; key: string }) => {
      const found = product.metafields.find(
        (m) => m.key === key && (namespace == null || m.namespace === namespace),
      );
      return found ? metafieldView(found) : null;
    },
    metafields: (args: PageArgs & { namespace?: string | null }) =>
      connection(
        product.metafields.filter((m) => args.namespace == null || m.namespace === args.namespace),
        args,
        (m) => m.id,
        metafieldView,
      ),
    publishedOnPublication: ({ publicationId }: { publicationId: string }) =>
      product.publications.has(publicationId),
  };
}

function lineItemView(ctx: AdminContext, line: LineItemRecord, currencyCode: string) {
  return {
    id: line.id,
    name: line.variantTitle ? `${line.title} - ${line.variantTitle}` : line.title,
    title: line.title,
    sku: line.sku,
    quantity: line.quantity,
    variant: () => {
      const variant = ctx.shop.variants.get(line.variantId);
      return variant ? variantView(ctx, variant) : null;
    },
    product: () => {
      const product = ctx.shop.products.get(line.productId);
      return product ? productView(ctx, product) : null;
    },
    originalUnitPriceSet: moneyBag(line.price, currencyCode),
  };
}

function orderView(ctx: AdminContext, order: OrderRecord) {
  const total = order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0);
  return {
    id: order.id,
    name: order.name,
    createdAt: iso(order.createdAt),
    updatedAt: iso(order.updatedAt),
    processedAt: iso(order.createdAt),
    cancelledAt: null,
    currencyCode: order.currencyCode,
    totalPriceSet: moneyBag(total.toFixed(2), order.currencyCode),
    lineItems: (args: PageArgs) =>
      connection(
        order.lineItems,
        args,
        (l) => l.id,
        (l) => lineItemView(ctx, l, order.currencyCode),
      ),
  };
}

function subscriptionView(subscription: WebhookSubscriptionRecord) {
  return {
    id: subscription.id,
    topic: subscription.topic,
    format: subscription.format,
    endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: subscription.callbackUrl },
    apiVersion: {
      handle: subscription.apiVersion,
      displayName: subscription.apiVersion,
      supported: true,
    },
    includeFields: subscription.includeFields,
    metafieldNamespaces: subscription.metafieldNamespaces,
    createdAt: iso(subscription.createdAt),
    updatedAt: iso(subscription.updatedAt),
  };
}

function adjustmentGroupView(ctx: AdminContext, group: InventoryAdjustmentGroupRecord) {
  return {
    id: group.id,
    createdAt: iso(group.createdAt),
    reason: group.reason,
    referenceDocumentUri: group.referenceDocumentUri,
    changes: (args: {
      inventoryItemIds?: string[] | null;
      locationIds?: string[] | null;
      quantityNames?: string[] | null;
    }) =>
      group.changes
        .filter(
          (c) =>
            (!args.inventoryItemIds || args.inventoryItemIds.includes(c.inventoryItemId)) &&
            (!args.locationIds || args.locationIds.includes(c.locationId)) &&
            (!args.quantityNames || args.quantityNames.includes(c.name)),
        )
        .map((c) => ({
          name: c.name,
          delta: c.delta,
          quantityAfterChange: c.quantityAfterChange,
          location: locationView(ctx.shop.location),
          item: () => inventoryItemView(ctx, c.inventoryItemId),
        })),
  };
}

// ---- search fields ----------------------------------------------------------------------

const PRODUCT_SEARCH_FIELDS = [
  'title',
  'sku',
  'handle',
  'status',
  'vendor',
  'product_type',
  'tag',
  'id',
  'updated_at',
  'created_at',
  'published_status',
];

function productField(shop: ShopState, product: ProductRecord, field: string | null): FieldValue {
  switch (field) {
    case null:
    case 'title':
      return product.title;
    case 'sku':
      return shop
        .productVariants(product)
        .map((v) => v.sku)
        .filter((s): s is string => s !== null);
    case 'handle':
      return product.handle;
    case 'status':
      return product.status.toLowerCase();
    case 'vendor':
      return product.vendor;
    case 'product_type':
      return product.productType;
    case 'tag':
      return product.tags;
    case 'id':
      return product.legacyId;
    case 'updated_at':
      return new Date(product.updatedAt);
    case 'created_at':
      return new Date(product.createdAt);
    case 'published_status':
      return shop.isOnOnlineStore(product) ? 'published' : 'unpublished';
    default:
      return null;
  }
}

const VARIANT_SEARCH_FIELDS = ['sku', 'product_id', 'id', 'title', 'updated_at', 'barcode'];

function variantField(variant: VariantRecord, field: string | null): FieldValue {
  switch (field) {
    case 'sku':
      return variant.sku;
    case 'barcode':
      return variant.barcode;
    case 'product_id':
      return parseGid(variant.productId)!.legacyId;
    case 'id':
      return variant.legacyId;
    case null:
    case 'title':
      return variantTitle(variant) ?? 'Default Title';
    case 'updated_at':
      return new Date(variant.updatedAt);
    default:
      return null;
  }
}

const ORDER_SEARCH_FIELDS = ['name', 'sku', 'id', 'updated_at', 'created_at', 'processed_at'];

function orderField(order: OrderRecord, field: string | null): FieldValue {
  switch (field) {
    case null:
    case 'name':
      return order.name;
    case 'sku':
      return order.lineItems.map((l) => l.sku).filter((s): s is string => s !== null);
    case 'id':
      return order.legacyId;
    case 'updated_at':
      return new Date(order.updatedAt);
    case 'created_at':
    case 'processed_at':
      return new Date(order.createdAt);
    default:
      return null;
  }
}

const DEFINITION_SEARCH_FIELDS = ['key', 'namespace', 'type', 'id', 'name'];

function definitionField(definition: MetafieldDefinitionRecord, field: string | null): FieldValue {
  switch (field) {
    case null:
    case 'name':
      return definition.name;
    case 'key':
      return definition.key;
    case 'namespace':
      return definition.namespace;
    case 'type':
      return definition.type;
    case 'id':
      return parseGid(definition.id)!.legacyId;
    default:
      return null;
  }
}

function sorted<T>(items: T[], key: (item: T) => number, reverse: boolean | null | undefined): T[] {
  const out = [...items].sort((a, b) => key(a) - key(b));
  return reverse ? out.reverse() : out;
}

// ---- root fields --------------------------------------------------------------------------

const TOPIC_SCOPES: Partial<Record<WebhookTopic, string>> = {
  ORDERS_CANCELLED: 'read_orders',
  ORDERS_CREATE: 'read_orders',
  ORDERS_PAID: 'read_orders',
  ORDERS_UPDATED: 'read_orders',
  PRODUCTS_CREATE: 'read_products',
  PRODUCTS_DELETE: 'read_products',
  PRODUCTS_UPDATE: 'read_products',
  INVENTORY_LEVELS_UPDATE: 'read_inventory',
};

/** The namespace of metafields set without one: the app's reserved namespace. */
function appNamespace(clientId: string): string {
  return `app--${clientId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 12)
    .toLowerCase()}`;
}

/** The root value for one request: every field reads and writes `ctx.shop`. */
export function rootValue(ctx: AdminContext): Record<string, unknown> {
  const { shop } = ctx;
  return {
    // ---- queries
    shop: () => shopView(ctx),
    location: ({ id }: { id?: string | null }) => {
      requireScope(ctx, 'location');
      return id == null || id === shop.location.id ? locationView(shop.location) : null;
    },
    locations: (args: PageArgs) => {
      requireScope(ctx, 'locations');
      return connection([shop.location], args, (l) => l.id, locationView);
    },
    publications: (args: PageArgs) => {
      requireScope(ctx, 'publications');
      return connection(shop.publications(), args, (p) => p.id, publicationView);
    },
    product: ({ id }: { id: string }) => {
      requireScope(ctx, 'product');
      const product = shop.products.get(id);
      return product ? productView(ctx, product) : null;
    },
    products: (
      args: PageArgs & { query?: string | null; reverse?: boolean | null; sortKey?: string | null },
    ) => {
      requireScope(ctx, 'products');
      const matching = filtered(
        ctx,
        'products',
        shop.products.values(),
        args.query,
        PRODUCT_SEARCH_FIELDS,
        (p, f) => productField(shop, p, f),
      );
      const key =
        args.sortKey === 'UPDATED_AT'
          ? (p: ProductRecord) => p.updatedAt
          : args.sortKey === 'CREATED_AT'
            ? (p: ProductRecord) => p.createdAt
            : (p: ProductRecord) => p.legacyId;
      return connection(
        sorted(matching, key, args.reverse),
        args,
        (p) => p.id,
        (p) => productView(ctx, p),
      );
    },
    productVariant: ({ id }: { id: string }) => {
      requireScope(ctx, 'productVariant');
      const variant = shop.variants.get(id);
      return variant ? variantView(ctx, variant) : null;
    },
    productVariants: (args: PageArgs & { query?: string | null }) => {
      requireScope(ctx, 'productVariants');
      const matching = filtered(
        ctx,
        'productVariants',
        shop.variants.values(),
        args.query,
        VARIANT_SEARCH_FIELDS,
        variantField,
      );
      return connection(
        sorted(matching, (v) => v.legacyId, false),
        args,
        (v) => v.id,
        (v) => variantView(ctx, v),
      );
    },
    metafieldDefinitions: (
      args: PageArgs & {
        ownerType: string;
        query?: string | null;
        namespace?: string | null;
        key?: string | null;
      },
    ) => {
      requireScope(ctx, 'metafieldDefinitions');
      const forOwner = shop.metafieldDefinitions.filter(
        (d) =>
          d.ownerType === args.ownerType &&
          (args.namespace == null || d.namespace === args.namespace) &&
          (args.key == null || d.key === args.key),
      );
      const matching = filtered(
        ctx,
        'metafieldDefinitions',
        forOwner,
        args.query,
        DEFINITION_SEARCH_FIELDS,
        definitionField,
      );
      return connection(matching, args, (d) => d.id, metafieldDefinitionView);
    },
    order: ({ id }: { id: string }) => {
      requireScope(ctx, 'order');
      const order = shop.orders.get(id);
      return order ? orderView(ctx, order) : null;
    },
    orders: (
      args: PageArgs & { query?: string | null; reverse?: boolean | null; sortKey?: string | null },
    ) => {
      requireScope(ctx, 'orders');
      const matching = filtered(
        ctx,
        'orders',
        shop.orders.values(),
        args.query,
        ORDER_SEARCH_FIELDS,
        orderField,
      );
      const key =
        args.sortKey === 'UPDATED_AT'
          ? (o: OrderRecord) => o.updatedAt
          : args.sortKey === 'ID'
            ? (o: OrderRecord) => o.legacyId
            : (o: OrderRecord) => o.createdAt;
      return connection(
        sorted(matching, key, args.reverse),
        args,
        (o) => o.id,
        (o) => orderView(ctx, o),
      );
    },
    webhookSubscriptions: (
      args: PageArgs & { topics?: string[] | null; callbackUrl?: string | null },
    ) => {
      const mine = [...shop.webhookSubscriptions.values()].filter(
        (s) =>
          s.clientId === ctx.clientId &&
          (!args.topics || args.topics.includes(s.topic)) &&
          (args.callbackUrl == null || s.callbackUrl === args.callbackUrl),
      );
      return connection(mine, args, (s) => s.id, subscriptionView);
    },

    // ---- mutations
    productSet: (args: {
      identifier?: ProductSetIdentifiers | null;
      input: ProductSetInput;
      synchronous: boolean;
    }) => {
      requireScope(ctx, 'productSet');
      const result = shop.productSet(args.identifier ?? null, args.input);
      const done = result.product && result.userErrors.length === 0;
      return {
        product: done && args.synchronous ? productView(ctx, result.product!) : null,
        productSetOperation:
          done && !args.synchronous
            ? {
                id: `gid://shopify/ProductSetOperation/${result.product!.legacyId}`,
                status: 'COMPLETE',
              }
            : null,
        userErrors: userErrors(result.userErrors),
      };
    },
    inventorySetQuantities: ({ input }: { input: InventorySetQuantitiesInput }) => {
      requireScope(ctx, 'inventorySetQuantities');
      const result = shop.setQuantities(input);
      return {
        inventoryAdjustmentGroup: result.group ? adjustmentGroupView(ctx, result.group) : null,
        userErrors: userErrors(result.userErrors),
      };
    },
    publishablePublish: (args: { id: string; input: Array<{ publicationId?: string | null }> }) => {
      requireScope(ctx, 'publishablePublish');
      const result = shop.setPublished(
        args.id,
        args.input.map((p) => p.publicationId),
        true,
      );
      return {
        publishable: result.product ? productView(ctx, result.product) : null,
        shop: shopView(ctx),
        userErrors: userErrors(result.userErrors),
      };
    },
    publishableUnpublish: (args: {
      id: string;
      input: Array<{ publicationId?: string | null }>;
    }) => {
      requireScope(ctx, 'publishableUnpublish');
      const result = shop.setPublished(
        args.id,
        args.input.map((p) => p.publicationId),
        false,
      );
      return {
        publishable: result.product ? productView(ctx, result.product) : null,
        shop: shopView(ctx),
        userErrors: userErrors(result.userErrors),
      };
    },
    metafieldsSet: ({ metafields }: { metafields: MetafieldsSetEntry[] }) => {
      requireScope(ctx, 'metafieldsSet');
      if (metafields.length > MAX_METAFIELDS_PER_SET) {
        throw new GraphQLError(
          `The input array size of ${metafields.length} is greater than the maximum allowed of ${MAX_METAFIELDS_PER_SET}.`,
          { extensions: { code: 'MAX_INPUT_SIZE_EXCEEDED' } },
        );
      }
      const result = shop.metafieldsSet(metafields, appNamespace(ctx.clientId));
      return {
        metafields: result.metafields ? result.metafields.map(metafieldView) : null,
        userErrors: userErrors(result.userErrors),
      };
    },
    webhookSubscriptionCreate: (args: {
      topic: WebhookTopic;
      webhookSubscription: {
        callbackUrl?: string | null;
        format?: 'JSON' | 'XML' | null;
        includeFields?: string[] | null;
        metafieldNamespaces?: string[] | null;
      };
    }) => {
      requireScope(ctx, 'webhookSubscriptionCreate', TOPIC_SCOPES[args.topic]);
      const result = shop.createWebhookSubscription(
        ctx.clientId,
        args.topic,
        args.webhookSubscription,
        ctx.apiVersion,
      );
      return {
        webhookSubscription: result.subscription ? subscriptionView(result.subscription) : null,
        userErrors: userErrors(result.userErrors),
      };
    },
  };
}
