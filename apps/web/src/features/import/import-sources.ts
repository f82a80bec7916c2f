import type { Connection, MarketplaceId } from '@listloop/domain';

/** The marketplaces whose existing listings the issue brings into the inventory on connecting. */
export const IMPORT_SOURCES = ['ebay', 'etsy', 'shopify'] as const satisfies MarketplaceId[];

/** The import sources open to the account, in a fixed order. */
export function importSources(allowed: readonly MarketplaceId[]): MarketplaceId[] {
  return IMPORT_SOURCES.filter((marketplace) => allowed.includes(marketplace));
}

/** The account's connections on those marketplaces: by marketplace, then oldest first. */
export function importSourceConnections(
  connections: readonly Connection[],
  sources: readonly MarketplaceId[],
): Connection[] {
  return connections
    .filter((connection) => sources.includes(connection.marketplace))
    .sort(
      (a, b) =>
        sources.indexOf(a.marketplace) - sources.indexOf(b.marketplace) ||
        a.createdAt.localeCompare(b.createdAt),
    );
}
