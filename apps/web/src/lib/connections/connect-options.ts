import type { ConnectMethod, ConnectOptionsResponse, MarketplaceId } from '@listloop/domain';

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
