import {
  characterCount,
  checkListing,
  defaultCatalogue,
  skuRefusal,
  type BuiltListing,
  type Item,
  type ListingProblem,
  type MarketplaceId,
} from '@listloop/domain';

/**
 * The SKU the listing carries on the marketplace, as the listing keeps it (`marketplaceSku`):
 * the seller's own on a listing the import brought in (decision 0014), or the SKU ListLoop sent
 * when it published it (decision 0024). Null for a listing that has none kept. ListLoop acts on
 * the listing by that SKU, so it changes that listing, never a second one beside it, whatever
 * the item's SKU has become since.
 */
export function importedSku(listing: Record<string, unknown>): string | null {
  const sku = listing.marketplaceSku;
  return typeof sku === 'string' && sku.trim() !== '' ? sku : null;
}

/** The seller's SKU of the built listing, when the marketplace can take it; null otherwise. */
export function sendableSellerSku(marketplace: MarketplaceId, built: BuiltListing): string | null {
  const sku = built.sku.trim();
  if (sku === '') return null;
  const max = defaultCatalogue[marketplace].limits.skuMax;
  if (max !== null && characterCount(sku) > max) return null;
  return skuRefusal(marketplace, sku) === null ? sku : null;
}

/** What the SKU of a listing is worked out from. */
export interface SkuInput {
  item: Pick<Item, 'itemID'>;
  /** The item's stored listing for the marketplace (its state, and the SKU kept there). */
  listing: Record<string, unknown>;
  /** The listing as it would be sent; absent where nothing is sent (a delist). */
  built?: BuiltListing;
}

/**
 * The SKU ListLoop acts on the item's listing with (decision 0024), in this order:
 * - the SKU kept on the listing (imported, or sent by ListLoop at its publish);
 * - the item id, for a listing ListLoop published before it kept the SKU it sent (it has a
 *   listing id but no SKU kept): that is the SKU it carries there;
 * - the seller's SKU as the listing is built, where the marketplace takes it;
 * - the item id, for an item without a SKU.
 * A seller's SKU the marketplace cannot take is a problem of the listing (`skuProblems`), so a
 * listing is never sent the item id in its place without the seller being told.
 */
export function listingSku(marketplace: MarketplaceId, input: SkuInput): string {
  const kept = keptSku(input);
  if (kept) return kept;
  const seller = input.built ? sendableSellerSku(marketplace, input.built) : null;
  return seller ?? input.item.itemID;
}

/** The SKU the listing has for good: kept on it, or the item id of a listing sent before. */
function keptSku(input: SkuInput): string | null {
  const kept = importedSku(input.listing);
  if (kept) return kept;
  const listedID = input.listing.listedID;
  return typeof listedID === 'string' && listedID !== '' ? input.item.itemID : null;
}

/**
 * Why the seller's SKU cannot go to the marketplace, when a publish would decide the listing's
 * SKU now (nothing kept): the listing checks' SKU problems, as the connector says them.
 */
export function skuProblems(
  marketplace: MarketplaceId,
  input: SkuInput & { built: BuiltListing },
): ListingProblem[] {
  if (keptSku(input) !== null || input.built.sku.trim() === '') return [];
  if (sendableSellerSku(marketplace, input.built) !== null) return [];
  return checkListing(marketplace, input.built).filter((problem) => problem.field === 'sku');
}
