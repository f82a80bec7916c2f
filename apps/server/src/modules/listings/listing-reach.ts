import {
  EXTENSION_MARKETPLACES,
  marketplaceGroup,
  type ExtensionMarketplace,
  marketplaceProblems,
  type ListingProblem,
  type MarketplaceId,
} from '@listloop/domain';
import type { ConnectionFacts, ConnectionService } from '../connections';
import type { ConnectorRegistry } from '../../connectors/contract';

/** Who carries out a listing operation: a worker's connector job, or the browser extension. */
export type ListingExecutor = 'connector' | 'extension';

/**
 * How ListLoop would carry out a listing on a marketplace for one account, or why it cannot:
 * the executor when there is one, else the one problem that says what to do.
 */
export type ListingReach =
  { executor: ListingExecutor; problem: null } | { executor: null; problem: ListingProblem };

/**
 * The rule, from the connectors this server has and the account's connections:
 * - a source-group marketplace goes to its connector, through a usable connection (connected,
 *   with credentials); without a connector here ListLoop cannot reach it at all (Whatnot);
 * - a crosslisting-group marketplace goes to its connector when it has one and the account a
 *   usable connection to it (Depop's partner API), else to the browser extension, which acts
 *   for an account the seller connected on the Marketplaces screen (a connected record);
 * - without what it needs, a connection that needs reconnecting is named, else connecting is.
 */
export function listingReach(
  marketplace: MarketplaceId,
  hasConnector: boolean,
  connections: readonly ConnectionFacts[],
): ListingReach {
  const mine = connections.filter((c) => c.marketplace === marketplace);
  const usable = mine.some((c) => c.status === 'connected' && c.hasCredentials);
  if (hasConnector && usable) return { executor: 'connector', problem: null };
  if (marketplaceGroup(marketplace) === 'source') {
    if (!hasConnector) {
      return { executor: null, problem: marketplaceProblems.unreachable(marketplace) };
    }
  } else if (mine.some((c) => c.status === 'connected')) {
    return { executor: 'extension', problem: null };
  }
  const stale = mine.find((c) => c.status === 'needs_reconnect');
  return {
    executor: null,
    problem: stale
      ? marketplaceProblems.connectionNeedsReconnect(marketplace, stale.nickname)
      : marketplaceProblems.connectionMissing(marketplace),
  };
}

/** The reach of every marketplace for one account, its connections read once. */
export type ReachOf = (marketplace: MarketplaceId) => ListingReach;

export function listingReachFor(
  connectors: Pick<ConnectorRegistry, 'get'>,
  connections: Pick<ConnectionService, 'factsFor'>,
): (accountId: string) => Promise<ReachOf> {
  return async (accountId) => {
    const facts = await connections.factsFor(accountId);
    return (marketplace) => listingReach(marketplace, !!connectors.get(marketplace), facts);
  };
}

/**
 * The account's marketplaces whose operations go to the browser extension now (a connected
 * record, and no connector usable there): the ones the paired extension works on.
 */
export function extensionMarketplacesOf(
  reachFor: (accountId: string) => Promise<ReachOf>,
): (accountId: string) => Promise<ExtensionMarketplace[]> {
  return async (accountId) => {
    const reach = await reachFor(accountId);
    return EXTENSION_MARKETPLACES.filter(
      (marketplace) => reach(marketplace).executor === 'extension',
    );
  };
}
