import {
  ConnectorError,
  type ConnectorScope,
  OAuthRefusedError,
  type ConnectionAuth,
  type ConnectionToken,
  type OAuthProvider,
  type TokenSet,
} from '../../contract';

/**
 * The connectors' tests' stand-in for the connections module (ConnectionTokenService): holds
 * the tokens a provider handed out, refreshes through the provider once per rejected token,
 * keeps each rotated refresh token, and once the provider refuses a refresh answers the
 * reconnect error from then on, as the real service does after marking the connection.
 */
export class ProviderConnectionAuth implements ConnectionAuth {
  refreshes = 0;
  needsReconnect = false;
  readonly savedRefreshTokens: string[] = [];

  constructor(
    private readonly provider: OAuthProvider,
    public tokens: TokenSet,
    private readonly options: { reconnectMessage: string; extra?: Record<string, string> },
  ) {}

  async token(): Promise<ConnectionToken> {
    if (this.needsReconnect) throw new ConnectorError(this.options.reconnectMessage);
    return {
      connectionId: 'connection-1',
      accessToken: this.tokens.accessToken,
      extra: this.options.extra ?? {},
    };
  }

  async refreshAfterRejection(
    _scope: ConnectorScope,
    _marketplace: string,
    rejected: string,
  ): Promise<ConnectionToken> {
    if (rejected === this.tokens.accessToken) {
      this.refreshes += 1;
      if (!this.tokens.refreshToken) return this.refused();
      try {
        this.tokens = await this.provider.refresh(
          this.tokens.refreshToken,
          this.options.extra ?? {},
        );
      } catch (error) {
        if (error instanceof OAuthRefusedError) return this.refused();
        throw new ConnectorError(String(error), { transient: true });
      }
      if (this.tokens.refreshToken) this.savedRefreshTokens.push(this.tokens.refreshToken);
    }
    return this.token();
  }

  private refused(): never {
    this.needsReconnect = true;
    throw new ConnectorError(this.options.reconnectMessage);
  }
}
