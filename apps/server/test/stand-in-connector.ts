import type { MarketplaceId } from '@listloop/domain';
import type { Connector } from '../src/connectors/contract';

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
