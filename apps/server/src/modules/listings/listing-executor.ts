import { marketplaceGroup, type MarketplaceId } from '@listloop/domain';
import type { ConnectionRepository } from '../connections/connection.repository';
import type { ConnectorRegistry } from './connector';
import { listingReachFor, type ListingExecutor } from './listing-reach';

export type { ListingExecutor } from './listing-reach';

/** Who carries out an account's next operation on a marketplace. */
export type ExecutorChoice = (
  accountId: string,
  marketplace: MarketplaceId,
) => Promise<ListingExecutor>;

/** The domain's rule alone: the source group's connectors, the crosslisting group's extension. */
export const executorByGroup: ExecutorChoice = async (_accountId, marketplace) =>
  marketplaceGroup(marketplace) === 'source' ? 'connector' : 'extension';

/**
 * The listing reach's executor (listing-reach.ts): Depop's connector when the account has a
 * usable connection to it, else the browser extension, as for any seller without partner
 * access (decision 0013). Where nothing can reach the marketplace now (no connection), the
 * group's own executor, so an operation that must be queued regardless, such as a sale's
 * delist, waits where the seller sees it and an executor can still take it up.
 */
export function executorByConnection(
  connectors: Pick<ConnectorRegistry, 'get'>,
  connections: Pick<ConnectionRepository, 'factsFor'>,
): ExecutorChoice {
  const reachFor = listingReachFor(connectors, connections);
  return async (accountId, marketplace) =>
    (await reachFor(accountId))(marketplace).executor ??
    (await executorByGroup(accountId, marketplace));
}
