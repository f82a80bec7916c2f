import { SUPPORTED_MARKETPLACES, isMarketplaceId, type MarketplaceId } from '@listloop/domain';

/**
 * The editor's marketplace tabs: every supported marketplace the item has a listing on (in the
 * catalogue's order), then those the seller chose in this visit, in the order chosen.
 */
export function marketplaceTabs(
  listings: Readonly<Record<string, unknown>> | null | undefined,
  chosen: readonly MarketplaceId[],
): MarketplaceId[] {
  const listed = Object.keys(listings ?? {}).filter(
    (key): key is MarketplaceId => isMarketplaceId(key) && SUPPORTED_MARKETPLACES.includes(key),
  );
  const ordered = SUPPORTED_MARKETPLACES.filter((id) => listed.includes(id));
  return [...ordered, ...chosen.filter((id) => !ordered.includes(id))].filter(
    (id, index, all) => all.indexOf(id) === index,
  );
}
