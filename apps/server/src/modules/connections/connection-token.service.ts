import { MARKETPLACE_NAMES, type MarketplaceId, type StoredCredentials } from '@listloop/domain';
import {
  OAuthRefusedError,
  type ConnectionAuth,
  type ConnectionToken,
  type OAuthProvider,
  type TokenSet,
  ConnectorError,
  type ConnectorScope,
} from '../../connectors/contract';
import type { ConnectionRepository, ConnectionRow } from './connection.repository';
import type { ConnectionCredentials, CredentialService } from './credential.service';

/** Refresh a token this long before it expires, so no call goes out with a dying one. */
export const REFRESH_AHEAD_MS = 5 * 60_000;

/** The OAuth providers this server has app keys for, one per marketplace. */
export class OAuthProviders {
  private readonly providers = new Map<MarketplaceId, OAuthProvider>();

  register(provider: OAuthProvider): void {
    this.providers.set(provider.marketplace, provider);
  }

  get(marketplace: MarketplaceId): OAuthProvider | undefined {
    return this.providers.get(marketplace);
  }

  has(marketplace: MarketplaceId): boolean {
    return this.providers.has(marketplace);
  }
}

/** Stored credentials from a token answer; what the answer leaves out is kept from before. */
export function credentialsFromTokens(
  marketplace: MarketplaceId,
  tokens: TokenSet,
  previous: StoredCredentials | null,
  extra: Record<string, string>,
): StoredCredentials {
  const previousExtra = (previous?.extra ?? {}) as Record<string, string>;
  return {
    ...(previous ?? {}),
    marketplaceAccount: {
      ...(previous?.marketplaceAccount ?? {}),
      marketplaceID: marketplace,
      ...(tokens.externalAccountId ? { externalAccountId: tokens.externalAccountId } : {}),
    },
    accessToken: tokens.accessToken,
    ...(tokens.refreshToken
      ? { refreshToken: tokens.refreshToken }
      : previous?.refreshToken
        ? { refreshToken: previous.refreshToken }
        : {}),
    ...(tokens.expiresAt !== null ? { expiresAt: new Date(tokens.expiresAt).toISOString() } : {}),
    ...(tokens.refreshTokenExpiresAt !== null
      ? { refreshTokenExpiresAt: new Date(tokens.refreshTokenExpiresAt).toISOString() }
      : {}),
    ...(tokens.scope ? { scope: tokens.scope } : {}),
    extra: { ...previousExtra, ...extra },
  };
}

function accessTokenOf(credentials: StoredCredentials): string | null {
  return credentials.accessToken ?? credentials.token ?? credentials.apiKey ?? null;
}

function extraOf(credentials: StoredCredentials): Record<string, string> {
  const extra = credentials.extra;
  if (!extra || typeof extra !== 'object') return {};
  return Object.fromEntries(
    Object.entries(extra as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/**
 * The connectors' ConnectionAuth: the account's usable connection for a marketplace, its access
 * token refreshed ahead of expiry (one refresh at a time per connection in this process, and a
 * compare-and-swap on the sealed value across processes), a rotated refresh token saved at once.
 * A refresh the marketplace refuses marks the connection `needs_reconnect`.
 */
export class ConnectionTokenService implements ConnectionAuth {
  private readonly inflight = new Map<string, Promise<ConnectionToken>>();

  constructor(
    private readonly connections: ConnectionRepository,
    private readonly credentials: CredentialService,
    private readonly providers: OAuthProviders,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async token(scope: ConnectorScope, marketplace: MarketplaceId): Promise<ConnectionToken> {
    const { connection, opened } = await this.usable(scope, marketplace);
    const expiresAt = opened.credentials.expiresAt
      ? Date.parse(opened.credentials.expiresAt)
      : null;
    if (
      expiresAt !== null &&
      expiresAt - this.now() < REFRESH_AHEAD_MS &&
      opened.credentials.refreshToken
    ) {
      return this.refresh(connection, opened);
    }
    return this.toToken(connection, opened);
  }

  async refreshAfterRejection(
    scope: ConnectorScope,
    marketplace: MarketplaceId,
    rejected: string,
  ): Promise<ConnectionToken> {
    const { connection, opened } = await this.usable(scope, marketplace);
    // Another call refreshed it since: use that token.
    if (accessTokenOf(opened.credentials) !== rejected) return this.toToken(connection, opened);
    if (!opened.credentials.refreshToken) {
      await this.needsReconnect(connection, opened.version);
      throw this.reconnectError(marketplace);
    }
    return this.refresh(connection, opened);
  }

  private async usable(scope: ConnectorScope, marketplace: MarketplaceId) {
    const usable = await this.connections.usableFor(scope.accountId, marketplace);
    // A scope naming its connection (an import of that connection's listings) takes only it.
    const connection = scope.connectionId
      ? usable.find((c) => c.id === scope.connectionId)
      : usable[0];
    const name = MARKETPLACE_NAMES[marketplace];
    if (!connection) {
      throw new ConnectorError(
        `Not connected: connect your ${name} account in Marketplaces, then try again.`,
      );
    }
    const opened = await this.credentials.credentialsFor(scope.accountId, connection.id);
    if (!opened || !accessTokenOf(opened.credentials)) {
      await this.needsReconnect(connection, opened?.version ?? null);
      throw this.reconnectError(marketplace);
    }
    return { connection, opened };
  }

  private toToken(connection: ConnectionRow, opened: ConnectionCredentials): ConnectionToken {
    return {
      connectionId: connection.id,
      accessToken: accessTokenOf(opened.credentials)!,
      extra: extraOf(opened.credentials),
    };
  }

  private refresh(connection: ConnectionRow, opened: ConnectionCredentials) {
    const running = this.inflight.get(connection.id);
    if (running) return running;
    const refreshing = this.refreshNow(connection, opened).finally(() =>
      this.inflight.delete(connection.id),
    );
    this.inflight.set(connection.id, refreshing);
    return refreshing;
  }

  private async refreshNow(
    connection: ConnectionRow,
    opened: ConnectionCredentials,
  ): Promise<ConnectionToken> {
    const marketplace = connection.marketplace as MarketplaceId;
    const name = MARKETPLACE_NAMES[marketplace];
    const provider = this.providers.get(marketplace);
    if (!provider) {
      throw new ConnectorError(
        `ListLoop cannot renew its access to ${name}: this server has no ${name} app keys configured.`,
      );
    }
    const extra = extraOf(opened.credentials);
    let tokens: TokenSet;
    try {
      tokens = await provider.refresh(opened.credentials.refreshToken!, extra);
    } catch (error) {
      // A rotating refresh token another process used first is not a refusal of the seller.
      const latest = await this.credentials.credentialsFor(connection.accountId, connection.id);
      if (latest && latest.version !== opened.version) return this.toToken(connection, latest);
      if (error instanceof OAuthRefusedError) {
        const marked = await this.needsReconnect(connection, opened.version);
        // Credentials saved while the refresh was refused are the seller's reconnection: use them.
        if (!marked) {
          const saved = await this.credentials.credentialsFor(connection.accountId, connection.id);
          if (saved) return this.toToken(connection, saved);
        }
        throw this.reconnectError(marketplace);
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConnectorError(`ListLoop could not renew its access to ${name}: ${reason}`, {
        transient: true,
        cause: error,
      });
    }
    const next = credentialsFromTokens(marketplace, tokens, opened.credentials, {});
    const row = { accountId: connection.accountId, connectionId: connection.id, marketplace };
    if (await this.credentials.replaceRefreshed(row, opened.version, next)) {
      return {
        connectionId: connection.id,
        accessToken: tokens.accessToken,
        extra: extraOf(next),
      };
    }
    // Another refresh was saved first; its tokens are as fresh as ours.
    const latest = await this.credentials.credentialsFor(connection.accountId, connection.id);
    if (!latest) throw this.reconnectError(marketplace);
    return this.toToken(connection, latest);
  }

  /** Compare-and-set: credentials saved since `version` was read are not marked (answers false). */
  private needsReconnect(connection: ConnectionRow, version: string | null): Promise<boolean> {
    return this.connections.markNeedsReconnectIf({
      accountId: connection.accountId,
      connectionId: connection.id,
      ciphertext: version,
    });
  }

  private reconnectError(marketplace: MarketplaceId): ConnectorError {
    const name = MARKETPLACE_NAMES[marketplace];
    return new ConnectorError(
      `Reconnect your ${name} account in Marketplaces: ${name} no longer accepts ListLoop's access.`,
    );
  }
}
