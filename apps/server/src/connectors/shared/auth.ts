import type { MarketplaceId } from '@listloop/domain';
import type { ConnectorScope } from '../contract';

/**
 * What the marketplaces' OAuth 2 token endpoints hand out, in our terms. Times are epoch
 * milliseconds; a marketplace that does not say when a token expires leaves it null.
 */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number | null;
  refreshTokenExpiresAt: number | null;
  /** The seller's id on the marketplace, when the token answer or a follow-up call names it. */
  externalAccountId: string | null;
  scope: string | null;
}

/**
 * The marketplace refused a code or a refresh token (invalid_grant and the like): the seller
 * must connect again. Anything else thrown by an OAuthProvider is a transient failure.
 */
export class OAuthRefusedError extends Error {
  override readonly name = 'OAuthRefusedError';
  constructor(
    message: string,
    readonly marketplace: MarketplaceId,
  ) {
    super(message);
  }
}

/**
 * One marketplace's OAuth 2 authorization-code flow: where to send the seller, and how to turn
 * a code, or a refresh token, into tokens. Implemented per marketplace beside its connector
 * (connectors/<marketplace>/oauth.ts) with its base URLs and HTTP client injectable, so tests
 * and the sandbox point them at the emulators.
 */
export interface OAuthProvider {
  readonly marketplace: MarketplaceId;
  /** PKCE (S256) where the marketplace requires it (Etsy). */
  readonly usesPkce: boolean;
  /**
   * Extra values the seller gives before being sent on (Shopify: the shop's domain); the
   * web-auth-url call passes them through to `authorizeUrl` and back to `exchangeCode`.
   */
  readonly needs?: readonly string[];
  authorizeUrl(input: {
    state: string;
    redirectUri: string;
    codeChallenge: string | null;
    extra: Record<string, string>;
  }): string;
  exchangeCode(input: {
    code: string;
    redirectUri: string;
    codeVerifier: string | null;
    extra: Record<string, string>;
  }): Promise<TokenSet>;
  /** Throws OAuthRefusedError when the refresh token is no longer accepted. */
  refresh(refreshToken: string, extra: Record<string, string>): Promise<TokenSet>;
}

/** A connection's usable access token and the rest of its stored credentials. */
export interface ConnectionToken {
  connectionId: string;
  accessToken: string;
  /** The non-secret extras stored with the tokens (Shopify's shop domain, eBay's marketplace). */
  extra: Record<string, string>;
}

/**
 * How a connector gets the seller's token for a call (the connections module implements it):
 * the account's connection for the marketplace, refreshed ahead of expiry, with a rotated
 * refresh token saved at once. When there is no usable connection, or the marketplace refuses
 * the refresh, the connection is marked `needs_reconnect` and a permanent ConnectorError says
 * so ("Reconnect your eBay account in Marketplaces.").
 */
export interface ConnectionAuth {
  token(scope: ConnectorScope, marketplace: MarketplaceId): Promise<ConnectionToken>;
  /**
   * The marketplace answered 401 to `rejected`: refresh once (concurrent callers share one
   * refresh) and return the new token; throws as `token` does when that is refused.
   */
  refreshAfterRejection(
    scope: ConnectorScope,
    marketplace: MarketplaceId,
    rejected: string,
  ): Promise<ConnectionToken>;
}
