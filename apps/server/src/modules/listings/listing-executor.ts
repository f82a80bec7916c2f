import { marketplaceGroup, type MarketplaceId } from '@listloop/domain';
import type { ConnectionRepository } from '../connections/connection.repository';
import type { ConnectorRegistry } from './connector';

export type ListingExecutor = 'connector' | 'extension';

/** Who carries out an account's next operation on a marketplace. */
export type ExecutorChoice = (
  accountId: string,
  marketplace: MarketplaceId,
) => Promise<ListingExecutor>;

/** The domain's rule alone: the source group's connectors, the crosslisting group's extension. */
export const executorByGroup: ExecutorChoice = async (_accountId, marketplace) =>
  marketplaceGroup(marketplace) === 'source' ? 'connector' : 'extension';

/**
 * The domain's group, per account for a crosslisting marketplace that also has a partner API
 * (Depop, issue 5): its connector carries the operation when the account has a usable
 * connection to it (connected, with credentials), else the browser extension does, as for any
 * seller without partner access.
 */
export function executorByConnection(
  connectors: ConnectorRegistry,
  connections: Pick<ConnectionRepository, 'usableFor'>,
): ExecutorChoice {
  return async (accountId, marketplace) => {
    if (marketplaceGroup(marketplace) === 'source') return 'connector';
    if (!connectors.get(marketplace)) return 'extension';
    const usable = await connections.usableFor(accountId, marketplace);
    return usable.length > 0 ? 'connector' : 'extension';
  };
}
