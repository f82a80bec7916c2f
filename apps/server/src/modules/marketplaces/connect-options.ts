import {
  marketplaceGroup,
  SUPPORTED_MARKETPLACES,
  type ConnectOption,
  type ConnectOptionsResponse,
  type MarketplacesMode,
} from '@listloop/domain';
import type { OAuthProviders } from '../connections';
import type { ConnectorRegistry } from '../../connectors/contract';

/**
 * How each supported marketplace can be connected on this server, in the catalogue's order:
 * `oauth` where an OAuth provider is registered (with what the seller gives first), `token`
 * where an API connector works with a key the seller pastes (no OAuth provider), `extension`
 * for the crosslisting group. A marketplace may be listed twice (Depop: its partner API and
 * the extension); one with none of these is not listed.
 */
export function connectOptions(
  mode: MarketplacesMode,
  providers: OAuthProviders,
  connectors: ConnectorRegistry,
): ConnectOptionsResponse {
  const marketplaces: ConnectOption[] = [];
  for (const marketplace of SUPPORTED_MARKETPLACES) {
    const provider = providers.get(marketplace);
    if (provider) {
      marketplaces.push({ marketplace, method: 'oauth', needs: [...(provider.needs ?? [])] });
    } else if (connectors.get(marketplace)) {
      marketplaces.push({ marketplace, method: 'token', needs: [] });
    }
    if (marketplaceGroup(marketplace) === 'crosslisting') {
      marketplaces.push({ marketplace, method: 'extension', needs: [] });
    }
  }
  return { mode, marketplaces };
}
