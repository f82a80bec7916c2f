import type { MarketplaceId, StoredCredentials } from '@listloop/domain';
import { ConnectorError, type ConnectorRegistry } from '../contract';
import { AppError, badRequest } from '../../platform/http/errors';
import type { DepopConnector } from './connector';

/** The key a Depop connection is used with: the connector reads the same field first. */
function apiKeyOf(credentials: StoredCredentials): string | undefined {
  return credentials.accessToken ?? credentials.token ?? credentials.apiKey;
}

/**
 * The credentials service's check of a pasted Depop API key: asked of Depop (its shop) with
 * that key before it is stored, so a key Depop refuses is never saved and an accepted one
 * names the seller id Depop's webhooks are matched by. Other marketplaces, and a server
 * without the Depop connector, are not checked here (null).
 */
export function depopKeyCheck(connectors: ConnectorRegistry) {
  return async (
    marketplace: MarketplaceId,
    credentials: StoredCredentials,
  ): Promise<{ externalAccountId: string } | null> => {
    if (marketplace !== 'depop') return null;
    const depop = connectors.get('depop') as DepopConnector | undefined;
    const apiKey = apiKeyOf(credentials);
    if (!depop || typeof depop.shopOf !== 'function' || !apiKey) return null;
    try {
      const shop = await depop.shopOf(apiKey);
      return { externalAccountId: shop.sellerId };
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      if (error.transient) {
        throw new AppError(
          503,
          'server/internal',
          `Depop could not be reached to check this API key: ${error.message} Nothing was saved; try again in a moment.`,
        );
      }
      throw badRequest(`Depop did not accept this API key. ${error.message}`);
    }
  };
}
