import { SUPPORTED_MARKETPLACES, isMarketplaceId, type MarketplaceId } from '@listloop/domain';
import type { MarketplaceOrder } from '../../lib/connections/marketplace-order';

/**
 * The editor's marketplace tabs: every supported marketplace the item has a listing (or its own
 * values) on, and those the seller chose in this visit, in the marketplaces' one order.
 */
export function marketplaceTabs(
  listings: Readonly<Record<string, unknown>> | null | undefined,
  chosen: readonly MarketplaceId[],
  order: MarketplaceOrder,
): MarketplaceId[] {
  const listed = Object.keys(listings ?? {}).filter(
    (key): key is MarketplaceId => isMarketplaceId(key) && SUPPORTED_MARKETPLACES.includes(key),
  );
  return order([...listed, ...chosen]);
}
