import { MARKETPLACE_NAMES, type MarketplaceId, type StoredCredentials } from '@listloop/domain';
import { ConnectorError, type ConnectorRegistry } from '../../connectors/contract';
import { AppError, badRequest } from '../../platform/http/errors';

/** The key a keyed connection is used with: the connector reads the same field first. */
function apiKeyOf(credentials: StoredCredentials): string | undefined {
  return credentials.accessToken ?? credentials.token ?? credentials.apiKey;
}

/**
 * The credentials service's check of a pasted API key (Depop): asked of the marketplace with
 * that key before it is stored, so a key the marketplace refuses is never saved and an
 * accepted one names the seller id its webhooks are matched by. Marketplaces whose connector
 * reads no seller from a key, and a server without the connector, are not checked (null).
 */
export function apiKeyCheck(connectors: ConnectorRegistry) {
  return async (
    marketplace: MarketplaceId,
    credentials: StoredCredentials,
  ): Promise<{ externalAccountId: string } | null> => {
    const connector = connectors.get(marketplace);
    const apiKey = apiKeyOf(credentials);
    if (!connector?.sellerOfKey || !apiKey) return null;
    const name = MARKETPLACE_NAMES[marketplace];
    try {
      return { externalAccountId: await connector.sellerOfKey(apiKey) };
    } catch (error) {
      if (!(error instanceof ConnectorError)) throw error;
      if (error.transient) {
        throw new AppError(
          503,
          'server/internal',
          `${name} could not be reached to check this API key: ${error.message} Nothing was saved; try again in a moment.`,
        );
      }
      throw badRequest(`${name} did not accept this API key. ${error.message}`);
    }
  };
}
