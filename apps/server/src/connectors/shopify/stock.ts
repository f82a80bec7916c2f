import { ConnectorError } from '../contract';
import { assertNoUserErrors, type ShopifySession, type ShopifyUserError } from './client';
import {
  PUBLISH,
  SET_QUANTITY,
  SET_QUANTITY_AND_PUBLISH,
  SET_QUANTITY_AND_UNPUBLISH,
  UNPUBLISH,
} from './documents';
import {
  available,
  ourVariant,
  readProduct,
  type ProductNode,
  type PublishedNode,
} from './products';
import type { ShopContext } from './shop-context';

/**
 * Sets the variant's available quantity at the shop's location by compare-and-set: the
 * quantity read last is the one to compare; when Shopify answers that it changed meanwhile
 * (COMPARE_QUANTITY_STALE), read it again and retry, a bounded number of times. `then` is a
 * mutation run in the same call (publish or unpublish), or alone when the quantity is right.
 */
export async function setQuantity(
  session: ShopifySession,
  ctx: ShopContext,
  product: ProductNode,
  sku: string,
  target: number,
  then: 'publish' | 'unpublish' | null,
  casAttempts: number,
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
