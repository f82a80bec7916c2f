/**
 * The GraphQL documents the connector sends to Shopify's Admin API (2025-07). Each is named,
 * takes its values as variables, and is checked by the emulator against the schema of these
 * operations, so a typo fails a test instead of a seller's listing.
 */

const VARIANT_FIELDS = /* GraphQL */ `
  id
  sku
  inventoryItem {
    id
    inventoryLevel(locationId: $locationId) {
      quantities(names: ["available"]) {
        name
        quantity
      }
    }
  }
`;

const PRODUCT_FIELDS = /* GraphQL */ `
  id
  handle
  status
  onlineStoreUrl
  variants(first: 5) {
    nodes {
      ${VARIANT_FIELDS}
    }
  }
`;

/**
 * The shop's online store URL, primary location (◐ `location` without an id answers the
 * shop's primary location) and sales channels.
 */
export const SHOP_CONTEXT = /* GraphQL */ `
  query ListLoopShopContext {
    shop {
      myshopifyDomain
      url
      currencyCode
    }
    location {
      id
    }
    publications(first: 25) {
      nodes {
        id
        name
      }
    }
  }
`;

/** The variant with our SKU (our item id), and its product. */
export const VARIANTS_BY_SKU = /* GraphQL */ `
  query ListLoopVariantsBySku($query: String!, $locationId: ID!) {
    productVariants(first: 5, query: $query) {
      nodes {
        ${VARIANT_FIELDS}
        product {
          ${PRODUCT_FIELDS}
        }
      }
    }
  }
`;

export const PRODUCT = /* GraphQL */ `
  query ListLoopProduct($id: ID!, $locationId: ID!) {
    product(id: $id) {
      ${PRODUCT_FIELDS}
    }
  }
`;

export const PRODUCT_SET = /* GraphQL */ `
  mutation ListLoopProductSet(
    $identifier: ProductSetIdentifiers
    $input: ProductSetInput!
    $locationId: ID!
  ) {
    productSet(identifier: $identifier, input: $input, synchronous: true) {
      product {
        ${PRODUCT_FIELDS}
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const SET_QUANTITY = /* GraphQL */ `
  mutation ListLoopSetQuantity($input: InventorySetQuantitiesInput!) {
    inventorySetQuantities(input: $input) {
      inventoryAdjustmentGroup {
        id
      }
      userErrors {
        field
        message
        code
      }
    }
  }
`;

export const PUBLISH = /* GraphQL */ `
  mutation ListLoopPublish($id: ID!, $publications: [PublicationInput!]!) {
    publishablePublish(id: $id, input: $publications) {
      publishable {
        ... on Product {
          id
          handle
          onlineStoreUrl
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Relist in one call: the quantity back (compare-and-set), then on the online store again. */
export const SET_QUANTITY_AND_PUBLISH = /* GraphQL */ `
  mutation ListLoopSetQuantityAndPublish(
    $input: InventorySetQuantitiesInput!
    $id: ID!
    $publications: [PublicationInput!]!
  ) {
    inventorySetQuantities(input: $input) {
      userErrors {
        field
        message
        code
      }
    }
    publishablePublish(id: $id, input: $publications) {
      publishable {
        ... on Product {
          id
          handle
          onlineStoreUrl
        }
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** Delist in one call: nothing left to buy (compare-and-set to 0), and off the online store. */
export const SET_QUANTITY_AND_UNPUBLISH = /* GraphQL */ `
  mutation ListLoopDelist(
    $input: InventorySetQuantitiesInput!
    $id: ID!
    $publications: [PublicationInput!]!
  ) {
    inventorySetQuantities(input: $input) {
      userErrors {
        field
        message
        code
      }
    }
    publishableUnpublish(id: $id, input: $publications) {
      userErrors {
        field
        message
      }
    }
  }
`;

export const UNPUBLISH = /* GraphQL */ `
  mutation ListLoopUnpublish($id: ID!, $publications: [PublicationInput!]!) {
    publishableUnpublish(id: $id, input: $publications) {
      userErrors {
        field
        message
      }
    }
  }
`;

export const METAFIELDS_SET = /* GraphQL */ `
  mutation ListLoopMetafieldsSet($metafields: [MetafieldsSetInput!]!) {
    metafieldsSet(metafields: $metafields) {
      metafields {
        id
        namespace
        key
      }
      userErrors {
        field
        message
        code
        elementIndex
      }
    }
  }
`;

/**
 * Orders changed since a time, 20 a page with up to 10 line items each: the requested cost
 * (about 860 points) stays under Shopify's 1,000-point ceiling for one query.
 */
export const ORDERS_SINCE = /* GraphQL */ `
  query ListLoopOrdersSince($query: String!, $after: String) {
    orders(first: 20, after: $after, query: $query, sortKey: UPDATED_AT) {
      nodes {
        id
        name
        createdAt
        updatedAt
        lineItems(first: 10) {
          nodes {
            sku
            quantity
            product {
              id
            }
            originalUnitPriceSet {
              shopMoney {
                amount
                currencyCode
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const METAFIELD_DEFINITIONS = /* GraphQL */ `
  query ListLoopMetafieldDefinitions(
    $ownerType: MetafieldOwnerType!
    $first: Int!
    $after: String
    $query: String
  ) {
    metafieldDefinitions(ownerType: $ownerType, first: $first, after: $after, query: $query) {
      nodes {
        id
        name
        namespace
        key
        description
        type {
          name
        }
        ownerType
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;

export const WEBHOOK_SUBSCRIPTIONS = /* GraphQL */ `
  query ListLoopWebhookSubscriptions($topics: [WebhookSubscriptionTopic!], $callbackUrl: URL) {
    webhookSubscriptions(first: 50, topics: $topics, callbackUrl: $callbackUrl) {
      nodes {
        id
        topic
        endpoint {
          __typename
          ... on WebhookHttpEndpoint {
            callbackUrl
          }
        }
      }
    }
  }
`;

export const WEBHOOK_SUBSCRIPTION_CREATE = /* GraphQL */ `
  mutation ListLoopWebhookSubscriptionCreate(
    $topic: WebhookSubscriptionTopic!
    $webhookSubscription: WebhookSubscriptionInput!
  ) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
      webhookSubscription {
        id
        topic
      }
      userErrors {
        field
        message
      }
    }
  }
`;

/** The photos read of one existing product: as many as an item holds (MAX_IMAGES_PER_ITEM). */
const EXISTING_PRODUCT_PHOTOS = 24;

/**
 * The seller's products, a page at a time (the import on connect), with the shop's URL for
 * the listing URL of a product not on the online store. One product costs 55 points (itself,
 * its first variant and options, 24 images), so a page of `first` costs 3 + 55 × first: at
 * most 18 a page under Shopify's 1,000-point ceiling for one query.
 */
export const EXISTING_PRODUCTS = /* GraphQL */ `
  query ListLoopExistingProducts($first: Int!, $after: String) {
    shop {
      url
    }
    products(first: $first, after: $after, sortKey: ID) {
      nodes {
        id
        title
        descriptionHtml
        vendor
        productType
        status
        handle
        onlineStoreUrl
        tags
        variants(first: 1) {
          nodes {
            sku
            price
            inventoryQuantity
            selectedOptions {
              name
              value
            }
          }
        }
        media(first: ${EXISTING_PRODUCT_PHOTOS}) {
          nodes {
            ... on MediaImage {
              image {
                url
              }
            }
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`;
