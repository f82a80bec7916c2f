/**
 * The SKU a listing imported from the marketplace has there (the seller's own, which the
 * import on connect keeps as `marketplaceSku`), or null for a listing ListLoop made. ListLoop
 * acts on an imported listing by that SKU, so it changes the seller's listing instead of making
 * a second one beside it.
 */
export function importedSku(listing: Record<string, unknown>): string | null {
  const sku = listing.marketplaceSku;
  return typeof sku === 'string' && sku.trim() !== '' ? sku : null;
}
