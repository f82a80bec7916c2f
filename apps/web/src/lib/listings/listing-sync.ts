import {
  isMarketplaceId,
  listingStateOf,
  type Item,
  type ListingOperation,
  type ListingPreview,
  type MarketplaceId,
} from '@listloop/domain';

/**
 * What the item screen says about live listings and their updates (decision 0023): which
 * listed listings differ from what was last sent there, and how their updates went.
 */

/** The marketplaces where the item is listed now: the ones an update can reach. */
export function listedMarketplaces(listings: Item['listings']): MarketplaceId[] {
  return Object.entries(listings)
    .filter(([id, listing]) => isMarketplaceId(id) && listingStateOf(listing).status === 'listed')
    .map(([id]) => id as MarketplaceId);
}

/**
 * The listed listings whose build differs from what was last sent, in the item's order: the
 * "Update N live listings" of the screen. A preview that is not read yet marks nothing.
 */
export function outOfDateMarketplaces(
  listings: Item['listings'],
  previews: readonly Pick<ListingPreview, 'marketplace' | 'outOfDate'>[] | undefined,
): MarketplaceId[] {
  const stale = new Set(
    (previews ?? []).filter((p) => p.outOfDate === true).map((p) => p.marketplace),
  );
  return listedMarketplaces(listings).filter((marketplace) => stale.has(marketplace));
}

/**
 * What changes when a listing is sent again (the digest each listing keeps of it), so a preview
 * read before an update finished is read again after it.
 */
export function sentVersion(listings: Item['listings']): string {
  return Object.entries(listings)
    .map(([id, listing]) => `${id}:${typeof listing.sentHash === 'string' ? listing.sentHash : ''}`)
    .sort()
    .join('|');
}

const ACTIVE: readonly ListingOperation['status'][] = ['queued', 'running'];

/** Whether any operation of the item still waits or runs (an update keeps its listing listed). */
export function hasActiveOperation(operations: readonly ListingOperation[] | undefined): boolean {
  return (operations ?? []).some((op) => ACTIVE.includes(op.status));
}

/**
 * The reason the marketplace gave for refusing the listing's last update, while that is the
 * newest thing done to it (a later update or any other operation puts it behind); null when
 * its last update did not fail.
 */
export function lastUpdateFailure(
  operations: readonly ListingOperation[] | undefined,
  marketplace: string,
): string | null {
  // The server answers newest first.
  const latest = operations?.find((op) => op.marketplace === marketplace);
  if (!latest || latest.operation !== 'update' || latest.status !== 'failed') return null;
  return latest.lastError;
}
