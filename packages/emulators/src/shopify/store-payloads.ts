import {
  iso,
  money,
  parseGid,
  variantTitle,
  type OrderRecord,
  type ProductRecord,
} from './store-records';
import type { ShopState } from './store';

/*
 * The REST-style payloads of the webhooks a shop sends (products/create, products/update,
 * orders/create), as Shopify's webhooks carry them: numeric ids beside the GraphQL ones, money
 * as strings, times in ISO 8601.
 */

export function productPayload(shop: ShopState, product: ProductRecord): Record<string, unknown> {
  const published = product.publications.get(shop.onlineStore.id);
  return {
    id: product.legacyId,
    admin_graphql_api_id: product.id,
    title: product.title,
    handle: product.handle,
    body_html: product.descriptionHtml,
    vendor: product.vendor,
    product_type: product.productType,
    status: product.status.toLowerCase(),
    tags: product.tags.join(', '),
    created_at: iso(product.createdAt),
    updated_at: iso(product.updatedAt),
    published_at: published === undefined ? null : iso(published),
    variants: shop.productVariants(product).map((v) => ({
      id: v.legacyId,
      admin_graphql_api_id: v.id,
      product_id: product.legacyId,
      title: variantTitle(v) ?? 'Default Title',
      sku: v.sku,
      price: v.price,
      inventory_item_id: parseGid(v.inventoryItemId)!.legacyId,
      inventory_quantity: shop.variantQuantity(v),
    })),
    images: product.media.map((m, index) => ({
      id: parseGid(m.id)!.legacyId,
      product_id: product.legacyId,
      position: index + 1,
      src: m.url,
      alt: m.alt,
    })),
  };
}

export function orderPayload(order: OrderRecord): Record<string, unknown> {
  const total = order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0);
  return {
    id: order.legacyId,
    admin_graphql_api_id: order.id,
    name: order.name,
    order_number: order.number,
    created_at: iso(order.createdAt),
    updated_at: iso(order.updatedAt),
    processed_at: iso(order.createdAt),
    currency: order.currencyCode,
    total_price: money(total),
    subtotal_price: money(total),
    financial_status: 'paid',
    fulfillment_status: null,
    test: false,
    line_items: order.lineItems.map((l) => ({
      id: l.legacyId,
      admin_graphql_api_id: l.id,
      product_id: parseGid(l.productId)!.legacyId,
      variant_id: parseGid(l.variantId)!.legacyId,
      sku: l.sku,
      title: l.title,
      variant_title: l.variantTitle,
      name: l.variantTitle ? `${l.title} - ${l.variantTitle}` : l.title,
      quantity: l.quantity,
      price: l.price,
    })),
  };
}
