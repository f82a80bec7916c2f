import crypto from 'node:crypto';
import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import type { Connector } from '../src/connectors/contract';
import type { Container } from '../src/container';
import type { RequestContext } from '../src/platform/http/request-context';

/**
 * A connector for a marketplace that accepts everything and answers at once: the tests and the
 * benchmark give it the behaviour they watch (a publish that records its input, a delist that
 * fails once, a stall) and leave the rest as it is.
 */
export function standInConnector(
  marketplace: MarketplaceId,
  behaviour: Partial<Omit<Connector, 'marketplace'>> = {},
): Connector {
  return {
    marketplace,
    build: async () => ({}),
    validate: async () => [],
    publish: async () => ({}),
    update: async () => ({}),
    delist: async () => undefined,
    updateQuantity: async () => undefined,
    fetchOrders: async () => [],
    ...behaviour,
  };
}

/**
 * The seller's account on a stand-in's marketplace, connected with a key (the stand-in takes
 * any): ListLoop queues only where it can reach the seller. Answers the connection's id.
 */
export async function connectStandIn(
  container: Container,
  ctx: RequestContext,
  marketplace: MarketplaceId,
): Promise<string> {
  const connectionId = crypto.randomBytes(12).toString('hex');
  await container.services.connections.put(ctx, connectionId, {
    marketplace,
    nickname: MARKETPLACE_NAMES[marketplace],
  });
  await container.services.credentials.store(ctx, marketplace, connectionId, {
    marketplaceAccount: { marketplaceID: marketplace },
    apiKey: `${marketplace}-key`,
  });
  return connectionId;
}
