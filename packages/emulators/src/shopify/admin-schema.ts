import {
  GraphQLError,
  Kind,
  buildSchema,
  parse,
  validate,
  type GraphQLScalarType,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';

/**
 * The part of Shopify's Admin GraphQL API (2025-07) that ListLoop's connector uses, with
 * Shopify's own type, field, argument and enum names. Every document sent to the emulator is
 * validated against it, so a connector that passes here sends documents the real API accepts
 * (for these operations; a field Shopify has but this subset leaves out is refused here, which
 * is the safe direction). Descriptions follow shopify.dev's API reference.
 */
export const SHOPIFY_ADMIN_SDL = /* GraphQL */ `
  schema {
    query: QueryRoot
    mutation: Mutation
  }

  "An ISO-8601 date and time, such as 2025-07-01T12:00:00Z."
  scalar DateTime
  "A signed decimal number, serialized as a string: \\"29.99\\"."
  scalar Decimal
  "A monetary value string without a currency symbol or code: \\"100.57\\"."
  scalar Money
  "An RFC 3986 and RFC 3987 compliant URI string."
  scalar URL
  "A string containing HTML code."
  scalar HTML
  "An Amazon Web Services Amazon Resource Name (ARN)."
  scalar ARN

  enum CurrencyCode {
    AUD
    CAD
    CHF
    DKK
    EUR
    GBP
    JPY
    NOK
    NZD
    PLN
    SEK
    USD
  }

  type QueryRoot {
    "The shop the access token belongs to."
    shop: Shop!
    "A location by ID; the shop's primary location when no ID is given."
    location(id: ID): Location
    locations(first: Int, after: String, query: String): LocationConnection!
    publications(first: Int, after: String): PublicationConnection!
    product(id: ID!): Product
    products(
      first: Int
      after: String
      query: String
      reverse: Boolean = false
      sortKey: ProductSortKeys = ID
    ): ProductConnection!
    productVariant(id: ID!): ProductVariant
    productVariants(first: Int, after: String, query: String): ProductVariantConnection!
    metafieldDefinitions(
      ownerType: MetafieldOwnerType!
      first: Int
      after: String
      query: String
      namespace: String
      key: String
    ): MetafieldDefinitionConnection!
    order(id: ID!): Order
    orders(
      first: Int
      after: String
      query: String
      reverse: Boolean = false
      sortKey: OrderSortKeys = PROCESSED_AT
    ): OrderConnection!
    webhookSubscriptions(
      first: Int
      after: String
      topics: [WebhookSubscriptionTopic!]
      callbackUrl: URL
    ): WebhookSubscriptionConnection!
  }

  type Mutation {
    "Creates or updates a product in a single request (its variants, options, media and metafields)."
    productSet(
      identifier: ProductSetIdentifiers
      input: ProductSetInput!
      synchronous: Boolean = true
    ): ProductSetPayload
    "Sets quantities of the given name to absolute values, compare-and-set unless ignoreCompareQuantity."
    inventorySetQuantities(input: InventorySetQuantitiesInput!): InventorySetQuantitiesPayload
    publishablePublish(id: ID!, input: [PublicationInput!]!): PublishablePublishPayload
    publishableUnpublish(id: ID!, input: [PublicationInput!]!): PublishableUnpublishPayload
    metafieldsSet(metafields: [MetafieldsSetInput!]!): MetafieldsSetPayload
    webhookSubscriptionCreate(
      topic: WebhookSubscriptionTopic!
      webhookSubscription: WebhookSubscriptionInput!
    ): WebhookSubscriptionCreatePayload
  }

  type PageInfo {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }

  type Shop {
    id: ID!
    name: String!
    email: String!
    myshopifyDomain: String!
    "The URL of the shop's online store."
    url: URL!
    primaryDomain: Domain!
    currencyCode: CurrencyCode!
    ianaTimezone: String!
  }

  type Domain {
    id: ID!
    host: String!
    url: URL!
  }

  type Location {
    id: ID!
    name: String!
    isActive: Boolean!
  }

  type LocationConnection {
    edges: [LocationEdge!]!
    nodes: [Location!]!
    pageInfo: PageInfo!
  }

  type LocationEdge {
    cursor: String!
    node: Location!
  }

  type Publication {
    id: ID!
    name: String!
    autoPublish: Boolean!
  }

  type PublicationConnection {
    edges: [PublicationEdge!]!
    nodes: [Publication!]!
    pageInfo: PageInfo!
  }

  type PublicationEdge {
    cursor: String!
    node: Publication!
  }

  enum ProductStatus {
    ACTIVE
    ARCHIVED
    DRAFT
  }
  enum ProductSortKeys {
    CREATED_AT
    ID
    INVENTORY_TOTAL
    PRODUCT_TYPE
    PUBLISHED_AT
    RELEVANCE
    TITLE
    UPDATED_AT
    VENDOR
  }

  interface Publishable {
    publishedOnPublication(publicationId: ID!): Boolean!
  }

  type Product implements Publishable {
    id: ID!
    title: String!
    handle: String!
    descriptionHtml: HTML!
    vendor: String!
    productType: String!
    tags: [String!]!
    status: ProductStatus!
    createdAt: DateTime!
    updatedAt: DateTime!
    "When the product was published to the online store; null when it is not on it."
    publishedAt: DateTime
    "The product's page on the online store; null when it is not published there."
    onlineStoreUrl: URL
    totalInventory: Int!
    tracksInventory: Boolean!
    options(first: Int): [ProductOption!]!
    variants(first: Int, after: String): ProductVariantConnection!
    media(first: Int, after: String): MediaConnection!
    metafield(namespace: String, key: String!): Metafield
    metafields(first: Int, after: String, namespace: String): MetafieldConnection!
    publishedOnPublication(publicationId: ID!): Boolean!
  }

  type ProductConnection {
    edges: [ProductEdge!]!
    nodes: [Product!]!
    pageInfo: PageInfo!
  }

  type ProductEdge {
    cursor: String!
    node: Product!
  }

  type ProductOption {
    id: ID!
    name: String!
    position: Int!
    optionValues: [ProductOptionValue!]!
  }

  type ProductOptionValue {
    id: ID!
    name: String!
  }

  type SelectedOption {
    name: String!
    value: String!
  }

  enum ProductVariantInventoryPolicy {
    CONTINUE
    DENY
  }

  type ProductVariant {
    id: ID!
    title: String!
    sku: String
    barcode: String
    price: Money!
    compareAtPrice: Money
    "The total sellable quantity of the variant."
    inventoryQuantity: Int
    inventoryPolicy: ProductVariantInventoryPolicy!
    selectedOptions: [SelectedOption!]!
    product: Product!
    inventoryItem: InventoryItem!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type ProductVariantConnection {
    edges: [ProductVariantEdge!]!
    nodes: [ProductVariant!]!
    pageInfo: PageInfo!
  }

  type ProductVariantEdge {
    cursor: String!
    node: ProductVariant!
  }

  type InventoryItem {
    id: ID!
    sku: String
    tracked: Boolean!
    inventoryLevel(locationId: ID!): InventoryLevel
    inventoryLevels(first: Int, after: String): InventoryLevelConnection!
  }

  type InventoryLevel {
    id: ID!
    location: Location!
    item: InventoryItem!
    quantities(names: [String!]!): [InventoryQuantity!]!
    updatedAt: DateTime!
  }

  type InventoryLevelConnection {
    edges: [InventoryLevelEdge!]!
    nodes: [InventoryLevel!]!
    pageInfo: PageInfo!
  }

  type InventoryLevelEdge {
    cursor: String!
    node: InventoryLevel!
  }

  type InventoryQuantity {
    id: ID!
    name: String!
    quantity: Int!
    updatedAt: DateTime
  }

  enum MediaContentType {
    EXTERNAL_VIDEO
    IMAGE
    MODEL_3D
    VIDEO
  }
  enum MediaStatus {
    FAILED
    PROCESSING
    READY
    UPLOADED
  }

  interface Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    status: MediaStatus!
  }

  type Image {
    id: ID
    url: URL!
    altText: String
  }

  type MediaImage implements Media {
    id: ID!
    alt: String
    mediaContentType: MediaContentType!
    status: MediaStatus!
    image: Image
  }

  type MediaConnection {
    edges: [MediaEdge!]!
    nodes: [Media!]!
    pageInfo: PageInfo!
  }

  type MediaEdge {
    cursor: String!
    node: Media!
  }

  enum MetafieldOwnerType {
    COLLECTION
    CUSTOMER
    ORDER
    PRODUCT
    PRODUCTVARIANT
    SHOP
  }

  type Metafield {
    id: ID!
    namespace: String!
    key: String!
    value: String!
    type: String!
    ownerType: MetafieldOwnerType!
    compareDigest: String!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type MetafieldConnection {
    edges: [MetafieldEdge!]!
    nodes: [Metafield!]!
    pageInfo: PageInfo!
  }

  type MetafieldEdge {
    cursor: String!
    node: Metafield!
  }

  type MetafieldDefinitionType {
    name: String!
    category: String!
  }

  type MetafieldDefinitionValidation {
    name: String!
    type: String!
    value: String
  }

  type MetafieldDefinition {
    id: ID!
    name: String!
    namespace: String!
    key: String!
    description: String
    type: MetafieldDefinitionType!
    ownerType: MetafieldOwnerType!
    pinnedPosition: Int
    validations: [MetafieldDefinitionValidation!]!
  }

  type MetafieldDefinitionConnection {
    edges: [MetafieldDefinitionEdge!]!
    nodes: [MetafieldDefinition!]!
    pageInfo: PageInfo!
  }

  type MetafieldDefinitionEdge {
    cursor: String!
    node: MetafieldDefinition!
  }

  type MoneyV2 {
    amount: Decimal!
    currencyCode: CurrencyCode!
  }

  type MoneyBag {
    shopMoney: MoneyV2!
    presentmentMoney: MoneyV2!
  }

  enum OrderSortKeys {
    CREATED_AT
    ID
    PROCESSED_AT
    UPDATED_AT
  }

  type Order {
    id: ID!
    name: String!
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    cancelledAt: DateTime
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    lineItems(first: Int, after: String): LineItemConnection!
  }

  type OrderConnection {
    edges: [OrderEdge!]!
    nodes: [Order!]!
    pageInfo: PageInfo!
  }

  type OrderEdge {
    cursor: String!
    node: Order!
  }

  type LineItem {
    id: ID!
    name: String!
    title: String!
    sku: String
    quantity: Int!
    variant: ProductVariant
    product: Product
    originalUnitPriceSet: MoneyBag!
  }

  type LineItemConnection {
    edges: [LineItemEdge!]!
    nodes: [LineItem!]!
    pageInfo: PageInfo!
  }

  type LineItemEdge {
    cursor: String!
    node: LineItem!
  }

  enum WebhookSubscriptionTopic {
    APP_UNINSTALLED
    INVENTORY_LEVELS_UPDATE
    ORDERS_CANCELLED
    ORDERS_CREATE
    ORDERS_PAID
    ORDERS_UPDATED
    PRODUCTS_CREATE
    PRODUCTS_DELETE
    PRODUCTS_UPDATE
  }
  enum WebhookSubscriptionFormat {
    JSON
    XML
  }

  type ApiVersion {
    handle: String!
    displayName: String!
    supported: Boolean!
  }

  type WebhookHttpEndpoint {
    callbackUrl: URL!
  }

  type WebhookEventBridgeEndpoint {
    arn: ARN!
  }

  type WebhookPubSubEndpoint {
    pubSubProject: String!
    pubSubTopic: String!
  }

  union WebhookSubscriptionEndpoint =
    | WebhookEventBridgeEndpoint
    | WebhookHttpEndpoint
    | WebhookPubSubEndpoint

  type WebhookSubscription {
    id: ID!
    topic: WebhookSubscriptionTopic!
    format: WebhookSubscriptionFormat!
    endpoint: WebhookSubscriptionEndpoint!
    apiVersion: ApiVersion!
    includeFields: [String!]!
    metafieldNamespaces: [String!]!
    createdAt: DateTime!
    updatedAt: DateTime!
  }

  type WebhookSubscriptionConnection {
    edges: [WebhookSubscriptionEdge!]!
    nodes: [WebhookSubscription!]!
    pageInfo: PageInfo!
  }

  type WebhookSubscriptionEdge {
    cursor: String!
    node: WebhookSubscription!
  }

  type UserError {
    field: [String!]
    message: String!
  }

  input UniqueMetafieldValueInput {
    namespace: String
    key: String!
    value: String!
  }

  input ProductSetIdentifiers {
    customId: UniqueMetafieldValueInput
    handle: String
    id: ID
  }

  input FileSetInput {
    alt: String
    contentType: FileContentType
    duplicateResolutionMode: FileCreateInputDuplicateResolutionMode = APPEND_UUID
    filename: String
    id: ID
    originalSource: String
  }

  enum FileContentType {
    EXTERNAL_VIDEO
    FILE
    IMAGE
    MODEL_3D
    VIDEO
  }
  enum FileCreateInputDuplicateResolutionMode {
    APPEND_UUID
    RAISE_ERROR
    REPLACE
  }

  input OptionValueSetInput {
    id: ID
    name: String
  }

  input OptionSetInput {
    id: ID
    name: String
    position: Int
    values: [OptionValueSetInput!]
  }

  input VariantOptionValueInput {
    id: ID
    name: String
    optionId: ID
    optionName: String
  }

  input ProductSetInventoryInput {
    locationId: ID!
    name: String!
    quantity: Int!
  }

  enum WeightUnit {
    GRAMS
    KILOGRAMS
    OUNCES
    POUNDS
  }

  input WeightInput {
    unit: WeightUnit!
    value: Float!
  }

  input InventoryItemMeasurementInput {
    weight: WeightInput
  }

  input InventoryItemInput {
    cost: Decimal
    measurement: InventoryItemMeasurementInput
    requiresShipping: Boolean
    sku: String
    tracked: Boolean
  }

  input MetafieldInput {
    description: String
    id: ID
    key: String
    namespace: String
    type: String
    value: String
  }

  input ProductVariantSetInput {
    barcode: String
    compareAtPrice: Money
    id: ID
    inventoryItem: InventoryItemInput
    inventoryPolicy: ProductVariantInventoryPolicy
    inventoryQuantities: [ProductSetInventoryInput!]
    metafields: [MetafieldInput!]
    optionValues: [VariantOptionValueInput!]!
    position: Int
    price: Money
    sku: String
    taxable: Boolean
  }

  input ProductSetInput {
    descriptionHtml: String
    files: [FileSetInput!]
    handle: String
    metafields: [MetafieldInput!]
    productOptions: [OptionSetInput!]
    productType: String
    status: ProductStatus
    tags: [String!]
    title: String
    variants: [ProductVariantSetInput!]
    vendor: String
  }

  enum ProductSetUserErrorCode {
    BLANK
    GENERIC_ERROR
    HANDLE_NOT_UNIQUE
    INVALID
    INVALID_INPUT
    INVALID_METAFIELD
    INVALID_PRODUCT
    INVALID_VARIANT
    PRODUCT_DOES_NOT_EXIST
    PRODUCT_VARIANT_DOES_NOT_EXIST
    TAGS_EXCEEDED_LIMIT
    TOO_LONG
    VARIANTS_OVER_LIMIT
  }

  type ProductSetUserError {
    code: ProductSetUserErrorCode
    field: [String!]
    message: String!
  }

  type ProductSetOperation {
    id: ID!
    status: String!
  }

  type ProductSetPayload {
    product: Product
    productSetOperation: ProductSetOperation
    userErrors: [ProductSetUserError!]!
  }

  input InventoryQuantityInput {
    inventoryItemId: ID!
    locationId: ID!
    quantity: Int!
    compareQuantity: Int
  }

  input InventorySetQuantitiesInput {
    name: String!
    reason: String!
    referenceDocumentUri: String
    ignoreCompareQuantity: Boolean = false
    quantities: [InventoryQuantityInput!]!
  }

  enum InventorySetQuantitiesUserErrorCode {
    COMPARE_QUANTITY_REQUIRED
    COMPARE_QUANTITY_STALE
    INVALID_INVENTORY_ITEM
    INVALID_LOCATION
    INVALID_NAME
    INVALID_QUANTITY_NEGATIVE
    INVALID_QUANTITY_TOO_HIGH
    INVALID_REASON
    INVALID_REFERENCE_DOCUMENT
    ITEM_NOT_STOCKED_AT_LOCATION
    NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR
  }

  type InventorySetQuantitiesUserError {
    code: InventorySetQuantitiesUserErrorCode
    field: [String!]
    message: String!
  }

  type InventoryChange {
    name: String!
    delta: Int!
    quantityAfterChange: Int
    location: Location
    item: InventoryItem
  }

  type InventoryAdjustmentGroup {
    id: ID!
    createdAt: DateTime!
    reason: String!
    referenceDocumentUri: String
    changes(
      inventoryItemIds: [ID!]
      locationIds: [ID!]
      quantityNames: [String!]
    ): [InventoryChange!]!
  }

  type InventorySetQuantitiesPayload {
    inventoryAdjustmentGroup: InventoryAdjustmentGroup
    userErrors: [InventorySetQuantitiesUserError!]!
  }

  input PublicationInput {
    publicationId: ID
    publishDate: DateTime
  }

  type PublishablePublishPayload {
    publishable: Publishable
    shop: Shop!
    userErrors: [UserError!]!
  }

  type PublishableUnpublishPayload {
    publishable: Publishable
    shop: Shop!
    userErrors: [UserError!]!
  }

  input MetafieldsSetInput {
    ownerId: ID!
    namespace: String
    key: String!
    type: String
    value: String!
    compareDigest: String
  }

  enum MetafieldsSetUserErrorCode {
    APP_NOT_AUTHORIZED
    BLANK
    INCLUSION
    INVALID
    INVALID_TYPE
    INVALID_VALUE
    LESS_THAN_OR_EQUAL_TO
    PRESENT
    STALE_OBJECT
    TAKEN
    TOO_LONG
    TOO_SHORT
  }

  type MetafieldsSetUserError {
    code: MetafieldsSetUserErrorCode
    elementIndex: Int
    field: [String!]
    message: String!
  }

  type MetafieldsSetPayload {
    metafields: [Metafield!]
    userErrors: [MetafieldsSetUserError!]!
  }

  input WebhookSubscriptionInput {
    callbackUrl: URL
    format: WebhookSubscriptionFormat
    includeFields: [String!]
    metafieldNamespaces: [String!]
  }

  type WebhookSubscriptionCreatePayload {
    webhookSubscription: WebhookSubscription
    userErrors: [UserError!]!
  }
`;

function literalString(ast: ValueNode): unknown {
  if (ast.kind === Kind.STRING) return ast.value;
  if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return ast.value;
  return undefined;
}

/** A decimal as Shopify takes it: a string or a number, with at most one decimal point. */
function parseDecimal(name: string) {
  return (value: unknown): string => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text.trim())) {
      throw new GraphQLError(
        `${name} must be a decimal number such as "19.99"; got ${JSON.stringify(value)}.`,
      );
    }
    return text.trim();
  };
}

function parseDateTime(value: unknown): string {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError(
      `DateTime must be an ISO-8601 date and time; got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function parseUrl(value: unknown): string {
  if (typeof value !== 'string' || !URL.canParse(value)) {
    throw new GraphQLError(`URL must be an absolute URL; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function parseText(name: string) {
  return (value: unknown): string => {
    if (typeof value !== 'string') throw new GraphQLError(`${name} must be a string.`);
    return value;
  };
}

/** Input coercion for the custom scalars, so a malformed price or URL fails like at Shopify. */
const SCALAR_PARSERS: Record<string, (value: unknown) => unknown> = {
  Decimal: parseDecimal('Decimal'),
  Money: parseDecimal('Money'),
  DateTime: parseDateTime,
  URL: parseUrl,
  HTML: parseText('HTML'),
  ARN: parseText('ARN'),
};

function buildAdminSchema(): GraphQLSchema {
  const schema = buildSchema(SHOPIFY_ADMIN_SDL);
  for (const [name, parse] of Object.entries(SCALAR_PARSERS)) {
    const scalar = schema.getType(name) as GraphQLScalarType;
    scalar.parseValue = parse;
    scalar.parseLiteral = (ast) => parse(literalString(ast));
  }
  return schema;
}

/** Built once: the schema is immutable and graphql-js caches its validation work on it. */
export const shopifyAdminSchema: GraphQLSchema = buildAdminSchema();

/** Why a document would be refused (syntax or schema), for tests of a client's documents. */
export function shopifyDocumentProblems(document: string): string[] {
  try {
    return validate(shopifyAdminSchema, parse(document)).map((error) => error.message);
  } catch (error) {
    return [(error as Error).message];
  }
}

/**
 * What each root field needs of the token's scopes (a write scope grants the read). A root
 * field not listed needs none. Topic-dependent webhook scopes are checked by the resolver.
 */
export const REQUIRED_SCOPES: Record<string, string> = {
  location: 'read_locations',
  locations: 'read_locations',
  publications: 'read_publications',
  product: 'read_products',
  products: 'read_products',
  productVariant: 'read_products',
  productVariants: 'read_products',
  metafieldDefinitions: 'read_products',
  order: 'read_orders',
  orders: 'read_orders',
  productSet: 'write_products',
  inventorySetQuantities: 'write_inventory',
  publishablePublish: 'write_publications',
  publishableUnpublish: 'write_publications',
  metafieldsSet: 'write_products',
};
