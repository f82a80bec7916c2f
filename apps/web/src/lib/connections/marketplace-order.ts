import {
  isListingOnRecord,
  isMarketplaceId,
  listingStateOf,
  orderMarketplaces,
  type Connection,
  type MarketplaceId,
} from '@listloop/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePermission } from '../session/use-permission';
import { connectionsQueryOptions } from './connections.api';

/** The marketplaces with at least one connection the server holds as connected. */
export function connectedMarketplaces(connections: readonly Connection[]): Set<MarketplaceId> {
  return new Set(
    connections
      .filter((connection) => connection.status === 'connected')
      .map((connection) => connection.marketplace),
  );
}

export type MarketplaceOrder = <Id extends MarketplaceId>(ids: Iterable<Id>) => Id[];

/** The domain's one order (connected first, then by name) for these connections and locale. */
export function marketplaceOrder(
  connections: readonly Connection[],
  locale: string,
): MarketplaceOrder {
  const connected = connectedMarketplaces(connections);
  return (ids) => orderMarketplaces(ids, { connected: (id) => connected.has(id), locale });
}

/**
 * The order of every list of marketplaces on screen. Connections are read only by roles that
 * may manage them; for the others every marketplace counts as unconnected, so the lists are
 * alphabetical.
 */
export function useMarketplaceOrder(): MarketplaceOrder {
  const intl = useIntl();
  const canSeeConnections = usePermission('marketplaces.manage');
  const connections = useQuery({ ...connectionsQueryOptions(), enabled: canSeeConnections });
  const data = connections.data;
  return useMemo(() => marketplaceOrder(data ?? [], intl.locale), [data, intl.locale]);
}

/**
 * The item's listings worth a marketplace chip, in the marketplaces' order: those that exist,
 * existed or failed, and any other the caller has news of (`alsoShown`: a list a sale stopped
 * before it went live). A listing that was never listed is only the seller's values for that
 * marketplace and gets no chip. Keys that are no marketplace of ours (a flag-only one) follow.
 */
export function listingsOnRecord<Listing>(
  listings: Readonly<Record<string, Listing>>,
  order: MarketplaceOrder,
  alsoShown: (marketplace: string) => boolean = () => false,
): [string, Listing][] {
  const shown = new Map(
    Object.entries(listings).filter(
      ([marketplace, listing]) =>
        isListingOnRecord(listingStateOf(listing as Record<string, unknown> | null)) ||
        alsoShown(marketplace),
    ),
  );
  const known = [...shown.keys()].filter(isMarketplaceId);
  const unknown = [...shown.keys()].filter((key) => !isMarketplaceId(key)).sort();
  return [...order(known), ...unknown].map((key) => [key, shown.get(key)!]);
}
