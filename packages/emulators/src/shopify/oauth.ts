import crypto from 'node:crypto';
import type { Clock } from '../core/clock';

/**
 * Shopify's OAuth for apps, per shop: the merchant approves the app at
 * `https://{shop}/admin/oauth/authorize`, Shopify sends them back with a code, and the app
 * trades the code at `POST https://{shop}/admin/oauth/access_token` for an offline access
 * token. With `expiring=1` (Shopify's expiring offline tokens, December 2025) the token lasts
 * an hour and comes with a refresh token that rotates on every use; without it the token never
 * expires. Both kinds are emulated.
 */
export interface ShopifyEmulatorApp {
  clientId: string;
  clientSecret: string;
  /** Shown on the consent page. */
  name?: string;
  /** Where the app may send merchants back to (prefixes); any when absent. */
  redirectUris?: string[];
}

export interface TokenLifetimes {
  /** An expiring offline access token's life: 3,600 s ✅ (shopify.dev changelog, 2025-12). */
  accessTokenSeconds: number;
  /** A refresh token's life: 90 days ◐. */
  refreshTokenSeconds: number;
  /** How long a code may wait to be exchanged (◐ Shopify does not publish it; codes are short-lived). */
  codeSeconds: number;
}

export const DEFAULT_TOKEN_LIFETIMES: TokenLifetimes = {
  accessTokenSeconds: 3600,
  refreshTokenSeconds: 90 * 24 * 3600,
  codeSeconds: 600,
};

export interface AccessTokenRecord {
  token: string;
  shop: string;
  clientId: string;
  scopes: string[];
  expiresAt: number | null;
  revoked: boolean;
}

interface RefreshTokenRecord {
  token: string;
  shop: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

interface CodeRecord {
  code: string;
  shop: string;
  clientId: string;
  scopes: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

export interface OAuthError {
  status: number;
  error: string;
  description: string;
}

function random(prefix: string): string {
  return `${prefix}${crypto.randomBytes(16).toString('hex')}`;
}

/** The hex HMAC-SHA256 Shopify adds to the redirect's query (sorted key=value pairs joined by &). */
export function queryHmac(secret: string, params: Record<string, string>): string {
  const message = Object.keys(params)
    .filter((key) => key !== 'hmac' && key !== 'signature')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return crypto.createHmac('sha256', secret).update(message).digest('hex');
}

export function parseScopes(scope: string | null | undefined): string[] {
  return [
    ...new Set(
      (scope ?? '')
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Apps, codes and tokens of every emulated shop. */
export class OAuthState {
  readonly apps = new Map<string, ShopifyEmulatorApp>();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, AccessTokenRecord>();
  private readonly refreshTokens = new Map<string, RefreshTokenRecord>();

  constructor(
    apps: ShopifyEmulatorApp[],
    private readonly clock: Clock,
    private readonly lifetimes: TokenLifetimes,
  ) {
    for (const app of apps) this.apps.set(app.clientId, app);
  }

  app(clientId: string | null | undefined): ShopifyEmulatorApp | null {
    return clientId ? (this.apps.get(clientId) ?? null) : null;
  }

  redirectAllowed(app: ShopifyEmulatorApp, redirectUri: string): boolean {
    if (!URL.canParse(redirectUri)) return false;
    return !app.redirectUris || app.redirectUris.some((allowed) => redirectUri.startsWith(allowed));
  }

  /** The merchant approved: the redirect back to the app, with code, hmac, shop, state and timestamp. */
  approve(input: {
    shop: string;
    app: ShopifyEmulatorApp;
    scopes: string[];
    redirectUri: string;
    state: string;
    host: string;
  }): string {
    const code = random('');
    this.codes.set(code, {
      code,
      shop: input.shop,
      clientId: input.app.clientId,
      scopes: input.scopes,
      redirectUri: input.redirectUri,
      expiresAt: this.clock.now() + this.lifetimes.codeSeconds * 1000,
      used: false,
    });
    const params: Record<string, string> = {
      code,
      host: Buffer.from(input.host).toString('base64url'),
      shop: input.shop,
      state: input.state,
      timestamp: String(Math.floor(this.clock.now() / 1000)),
    };
    params.hmac = queryHmac(input.app.clientSecret, params);
    const url = new URL(input.redirectUri);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  private authenticate(clientId: unknown, clientSecret: unknown): ShopifyEmulatorApp | OAuthError {
    const app = typeof clientId === 'string' ? this.app(clientId) : null;
    if (!app || app.clientSecret !== clientSecret) {
      return {
        status: 400,
        error: 'invalid_client',
        description: 'Client authentication failed: the client_id or client_secret is wrong.',
      };
    }
    return app;
  }

  private issue(shop: string, clientId: string, scopes: string[], expiring: boolean) {
    const now = this.clock.now();
    const access: AccessTokenRecord = {
      token: random('shpat_'),
      shop,
      clientId,
      scopes,
      expiresAt: expiring ? now + this.lifetimes.accessTokenSeconds * 1000 : null,
      revoked: false,
    };
    this.accessTokens.set(access.token, access);
    const body: Record<string, unknown> = { access_token: access.token, scope: scopes.join(',') };
    if (expiring) {
      const refresh: RefreshTokenRecord = {
        token: random('shprt_'),
        shop,
        clientId,
        scopes,
        expiresAt: now + this.lifetimes.refreshTokenSeconds * 1000,
        used: false,
      };
      this.refreshTokens.set(refresh.token, refresh);
      body.expires_in = this.lifetimes.accessTokenSeconds;
      body.refresh_token = refresh.token;
      body.refresh_token_expires_in = this.lifetimes.refreshTokenSeconds;
    }
    return body;
  }

  /** POST /admin/oauth/access_token: a code, or a refresh token, for tokens. */
  exchange(
    shop: string,
    params: Record<string, unknown>,
  ): { ok: true; body: Record<string, unknown> } | { ok: false; error: OAuthError } {
    const app = this.authenticate(params.client_id, params.client_secret);
    if ('error' in app) return { ok: false, error: app };
    const now = this.clock.now();
    if (params.grant_type === 'refresh_token') {
      const record =
        typeof params.refresh_token === 'string'
          ? this.refreshTokens.get(params.refresh_token)
          : undefined;
      if (
        !record ||
        record.used ||
        record.expiresAt <= now ||
        record.shop !== shop ||
        record.clientId !== app.clientId
      ) {
        return {
          ok: false,
          error: {
            status: 400,
            error: 'invalid_grant',
            description: 'The refresh token is invalid, expired or was already used.',
          },
        };
      }
      record.used = true;
      return { ok: true, body: this.issue(shop, app.clientId, record.scopes, true) };
    }
    if (params.grant_type !== undefined && params.grant_type !== 'authorization_code') {
      return {
        ok: false,
        error: {
          status: 400,
          error: 'unsupported_grant_type',
          description: `Unsupported grant_type ${String(params.grant_type)}.`,
        },
      };
    }
    const record = typeof params.code === 'string' ? this.codes.get(params.code) : undefined;
    if (
      !record ||
      record.used ||
      record.expiresAt <= now ||
      record.shop !== shop ||
      record.clientId !== app.clientId
    ) {
      return {
        ok: false,
        error: {
          status: 400,
          error: 'invalid_request',
          description: 'The authorization code was not found or was already used',
        },
      };
    }
    record.used = true;
    const expiring = params.expiring === '1' || params.expiring === 1 || params.expiring === true;
    return { ok: true, body: this.issue(shop, app.clientId, record.scopes, expiring) };
  }

  /** The token's record when it is good for `shop` now; null otherwise. */
  verify(token: string | undefined, shop: string): AccessTokenRecord | null {
    if (!token) return null;
    const record = this.accessTokens.get(token);
    if (!record || record.revoked || record.shop !== shop) return null;
    if (record.expiresAt !== null && record.expiresAt <= this.clock.now()) return null;
    return record;
  }

  /** Makes every access token of a shop (or of all shops) stop working; answers how many. */
  expireAccessTokens(shop?: string): number {
    let count = 0;
    for (const record of this.accessTokens.values()) {
      if ((shop === undefined || record.shop === shop) && !record.revoked) {
        record.revoked = true;
        count += 1;
      }
    }
    return count;
  }

  /** Makes every refresh token of a shop (or of all shops) refused; answers how many. */
  revokeRefreshTokens(shop?: string): number {
    let count = 0;
    for (const record of this.refreshTokens.values()) {
      if ((shop === undefined || record.shop === shop) && !record.used) {
        record.used = true;
        count += 1;
      }
    }
    return count;
  }

  /** The app installations with a live token, for the control surface's throttle. */
  installations(shop?: string): Array<{ shop: string; clientId: string }> {
    const seen = new Map<string, { shop: string; clientId: string }>();
    for (const record of this.accessTokens.values()) {
      if (shop !== undefined && record.shop !== shop) continue;
      seen.set(`${record.shop}|${record.clientId}`, {
        shop: record.shop,
        clientId: record.clientId,
      });
    }
    return [...seen.values()];
  }

  clear(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }
}
