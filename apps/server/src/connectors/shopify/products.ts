import { ConnectorError, type MetafieldValue } from '../contract';
import { assertNoUserErrors, type ShopifySession, type ShopifyUserError } from './client';
import { METAFIELDS_SET, PRODUCT, PRODUCT_SET, VARIANTS_BY_SKU } from './documents';
import type { ShopifyProductSetInput } from './mapper';
import type { ShopContext } from './shop-context';

/*
 * Products as the connector reads and writes them: found by SKU or id at the shop's location,
 * saved whole by productSet, their metafields set, and the address a buyer opens.
 */

export interface QuantityNode {
  name: string;
  quantity: number;
}

export interface VariantNode {
  id: string;
  sku: string | null;
  inventoryItem: { id: string; inventoryLevel: { quantities: QuantityNode[] } | null };
}

export interface ProductNode {
  id: string;
  handle: string;
  status: string;
  onlineStoreUrl: string | null;
  variants: { nodes: VariantNode[] };
}

export interface PublishedNode {
  publishable: { id?: string; handle?: string; onlineStoreUrl?: string | null } | null;
  userErrors: ShopifyUserError[];
}

export function available(variant: VariantNode): number | null {
  const level = variant.inventoryItem.inventoryLevel;
  if (!level) return null;
  return level.quantities.find((q) => q.name === 'available')?.quantity ?? 0;
}

export function ourVariant(product: ProductNode, sku: string): VariantNode {
  const variant = product.variants.nodes.find((v) => v.sku === sku) ?? product.variants.nodes[0];
  if (!variant) throw new ConnectorError('This Shopify product has no variant to sell.');
  return variant;
}

export async function findBySku(
  session: ShopifySession,
  ctx: ShopContext,
  sku: string,
): Promise<ProductNode | null> {
  const data = await session.graphql<{
    productVariants: { nodes: (VariantNode & { product: ProductNode })[] };
  }>(VARIANTS_BY_SKU, { query: `sku:${JSON.stringify(sku)}`, locationId: ctx.locationId });
  return data.productVariants.nodes.find((v) => v.sku === sku)?.product ?? null;
}

export async function readProduct(
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

export async function productSet(
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

export async function setMetafields(
  session: ShopifySession,
  productId: string,
  values: readonly MetafieldValue[],
): Promise<void> {
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

export function listingUrl(
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
