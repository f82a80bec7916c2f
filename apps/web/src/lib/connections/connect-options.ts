import {
  marketplaceGroup,
  type Connection,
  type ConnectMethod,
  type ConnectOptionsResponse,
  type MarketplaceId,
} from '@listloop/domain';

/** How the Marketplaces screen offers to connect one marketplace on this server. */
export interface ConnectWay {
  marketplace: MarketplaceId;
  /** The way offered: signing in at the marketplace, else a pasted key, else the extension. */
  method: ConnectMethod;
  /** What the seller gives before signing in (Shopify: `shop`). */
  needs: readonly string[];
  /** The browser extension lists for the account as well, so a key is optional (Depop). */
  extension: boolean;
}

const PREFERENCE: readonly ConnectMethod[] = ['oauth', 'token', 'extension'];

/**
 * The way to connect a marketplace from GET /api/marketplaces/connect-options, which lists
 * each way a marketplace can be connected here (Depop twice: its partner API and the
 * extension). Null when it lists none: this server cannot connect that marketplace.
 */
export function connectWayFor(
  marketplace: MarketplaceId,
  options: Pick<ConnectOptionsResponse, 'marketplaces'>,
): ConnectWay | null {
  const offered = options.marketplaces.filter((option) => option.marketplace === marketplace);
  for (const method of PREFERENCE) {
    const option = offered.find((candidate) => candidate.method === method);
    if (option) {
      return {
        marketplace,
        method,
        needs: option.needs,
        extension: offered.some((candidate) => candidate.method === 'extension'),
      };
    }
  }
  return null;
}

/**
 * How ListLoop works a marketplace for this account on this server, which is how the screens
 * group it: through its API (signed in, or a pasted key), through the browser extension, or
 * not at all here. A marketplace that takes an API key but also works with the extension
 * (Depop) counts as API once one of its connections holds a key. Until the server has said how
 * marketplaces connect (`options` undefined), the spec's groups stand in.
 */
export type MarketplaceRoute = 'api' | 'extension' | 'unavailable';

export function marketplaceRoute(
  marketplace: MarketplaceId,
  options: Pick<ConnectOptionsResponse, 'marketplaces'> | undefined,
  connections: readonly Pick<Connection, 'marketplace' | 'credentialHint'>[],
): MarketplaceRoute {
  if (!options) return marketplaceGroup(marketplace) === 'source' ? 'api' : 'extension';
  const way = connectWayFor(marketplace, options);
  if (!way) return 'unavailable';
  if (way.method === 'extension') return 'extension';
  if (way.method === 'token' && way.extension) {
    const keyed = connections.some(
      (connection) => connection.marketplace === marketplace && connection.credentialHint !== null,
    );
    return keyed ? 'api' : 'extension';
  }
  return 'api';
}

/** The marketplaces by how they are worked here, each group in the order it is given. */
export function marketplacesByRoute(
  ordered: readonly MarketplaceId[],
  options: Pick<ConnectOptionsResponse, 'marketplaces'> | undefined,
  connections: readonly Pick<Connection, 'marketplace' | 'credentialHint'>[],
): Record<MarketplaceRoute, MarketplaceId[]> {
  const groups: Record<MarketplaceRoute, MarketplaceId[]> = {
    api: [],
    extension: [],
    unavailable: [],
  };
  for (const id of ordered) groups[marketplaceRoute(id, options, connections)].push(id);
  return groups;
}
