import { marketplaceGroup, type MarketplaceId } from '@listloop/domain';
import type { ConnectionService } from '../connections';
import type { ConnectorRegistry } from '../../connectors/contract';
import { listingReachFor, type ListingExecutor } from './listing-reach';

export type { ListingExecutor } from './listing-reach';

/** Who carries out the account's next operation on each marketplace. */
export type ExecutorOf = (marketplace: MarketplaceId) => ListingExecutor;

/**
 * Who carries out an account's next operations: what the answer depends on (its connections)
 * is read once, however many marketplaces are then asked about.
 */
export type ExecutorChoice = (accountId: string) => Promise<ExecutorOf>;

/** The domain's rule alone: the source group's connectors, the crosslisting group's extension. */
export function groupExecutor(marketplace: MarketplaceId): ListingExecutor {
  return marketplaceGroup(marketplace) === 'source' ? 'connector' : 'extension';
}

export const executorByGroup: ExecutorChoice = async () => groupExecutor;

/**
 * The listing reach's executor (listing-reach.ts): Depop's connector when the account has a
 * usable connection to it, else the browser extension, as for any seller without partner
 * access (decision 0013). Where nothing can reach the marketplace now (no connection), the
 * group's own executor, so an operation that must be queued regardless, such as a sale's
 * delist, waits where the seller sees it and an executor can still take it up.
 */
export function executorByConnection(
  connectors: Pick<ConnectorRegistry, 'get'>,
  connections: Pick<ConnectionService, 'factsFor'>,
): ExecutorChoice {
  const reachFor = listingReachFor(connectors, connections);
  return async (accountId) => {
    const reach = await reachFor(accountId);
    return (marketplace) => reach(marketplace).executor ?? groupExecutor(marketplace);
  };
}
