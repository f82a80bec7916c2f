import type { BuiltListing, Item, MarketplaceId } from '@listloop/domain';
import type { ConnectorRegistry } from '../../connectors/contract';
import { listingDigest } from './listing-digest';

/**
 * What the connectors make of a build (the rules module's ListingSending): its digest without
 * what the marketplace's update leaves alone, and the SKU they act on the listing with (none
 * where no connector sends it). `skuOf` is the connectors' shared SKU rule, which a module
 * may not import itself.
 */
export function connectorSending(
  connectors: Pick<ConnectorRegistry, 'get'>,
  skuOf: (
    marketplace: MarketplaceId,
    input: { item: Item; listing: Record<string, unknown>; built: BuiltListing },
  ) => string,
) {
  return {
    digest: (marketplace: MarketplaceId, built: BuiltListing): string =>
      listingDigest(built, connectors.get(marketplace)?.updateLeavesOut ?? []),
    sku: (marketplace: MarketplaceId, item: Item, built: BuiltListing): string | null =>
      connectors.get(marketplace)
        ? skuOf(marketplace, { item, listing: item.listings[marketplace] ?? {}, built })
        : null,
  };
}
