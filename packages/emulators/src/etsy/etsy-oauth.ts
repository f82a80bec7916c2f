import { createHash, randomBytes } from 'node:crypto';
import type { EmulatorServer, RouteContext } from '../core/emulator-server';
import { html, page } from '../core/html';
import {
  empty,
  header,
  json,
  redirect,
  type EmulatorRequest,
  type EmulatorResponse,
} from '../core/http';

/** ✅ Where Etsy sends a seller to approve an app, and where the app trades codes for tokens. */
export const ETSY_AUTHORIZE_PATH = '/oauth/connect';
export const ETSY_TOKEN_PATH = '/v3/public/oauth/token';

/** One app registered with Etsy ("Your Apps"): its keystring, shared secret and callback URLs. */
export interface EtsyApp {
  /** ✅ The API key keystring: the OAuth client_id, and the first half of x-api-key. */
  keystring: string;
  /** ◐ Since 2026-02 Etsy wants `x-api-key: keystring:shared_secret` on every API call. */
  sharedSecret: string;
  /** A numeric application id (the ping answer names it). */
  applicationId: number;
  /** ✅ The callback URLs registered for the app; a redirect_uri must be one of them exactly. */
  redirectUris: readonly string[];
  name?: string;
}

export interface EtsySeller {
  userId: number;
  loginName: string;
}

export interface EtsyOAuthOptions {
  apps: readonly EtsyApp[];
  seller: EtsySeller;
  /** ✅ 3600 s. */
  accessTokenTtlSeconds: number;
  /** ◐ 90 days. */
  refreshTokenTtlSeconds: number;
  /** ◐ Etsy does not publish how long a code waits to be exchanged. */
  codeTtlSeconds: number;
  /** ◐ Each refresh hands out a new refresh token and retires the one used. */
  rotateRefreshTokens: boolean;
  /** The scopes an app may ask for (the description's oauth2 scopes). */
  scopes: readonly string[];
  /** Show an "Allow access" page instead of approving at once (sandbox mode). */
  consentPage: boolean;
  /**
   * ✅ Etsy refuses a redirect_uri that is not https://. Loopback addresses stay allowed so a
   * local sandbox can be sent back to.
   */
  httpsRedirectsOnly: boolean;
}

export interface EtsyGrant {
  keystring: string;
  userId: number;
  scopes: string[];
}

export type EtsyBearerOutcome =
  | { ok: true; grant: EtsyGrant }
  | { ok: false; reason: 'missing' | 'malformed' | 'unknown' | 'expired' };

export interface EtsyTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
}

interface CodeRecord {
  keystring: string;
  redirectUri: string;
  scopes: string[];
  codeChallenge: string;
  expiresAt: number;
}

interface TokenRecord {
  keystring: string;
  userId: number;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** ✅ RFC 7636: 43 to 128 characters of [A-Za-z0-9-._~]. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

function loopback(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

function oauthError(status: number, error: string, description: string): EmulatorResponse {
  return json(status, { error, error_description: description }, { 'cache-control': 'no-store' });
}

/**
 * Etsy's OAuth 2 server: authorization code with PKCE (S256 only) at `/oauth/connect`, the
 * token endpoint with the authorization_code and refresh_token grants (a public client: the
 * keystring as client_id, no secret), access tokens that name the seller (`<user_id>.<token>`)
 * and last an hour, and refresh tokens that rotate on each use. Malformed requests are recorded
 * as violations; refusals a correct client meets (a used code, a wrong verifier, a retired
 * refresh token) are not.
 */
export class EtsyOAuth {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, TokenRecord>();
  private scopes: string[];

  constructor(
    private readonly server: EmulatorServer,
    private readonly options: EtsyOAuthOptions,
  ) {
    this.scopes = [...options.scopes];
    server.route('GET', ETSY_AUTHORIZE_PATH, (ctx) => this.authorize(ctx), { name: 'authorize' });
    server.route('POST', ETSY_AUTHORIZE_PATH, (ctx) => this.consent(ctx), { name: 'authorize' });
    server.route('POST', ETSY_TOKEN_PATH, (ctx) => this.token(ctx), {
      faultTarget: 'oauth',
      name: 'token',
    });
    server.control('POST', '/tokens/expire-access', () => {
      this.expireAccessTokens();
      return empty();
    });
    server.control('POST', '/tokens/revoke-refresh', () => {
      this.revokeRefreshTokens();
      return empty();
    });
    server.control('GET', '/tokens', () =>
      json(200, {
        accessTokens: this.accessTokens.size,
        refreshTokens: [...this.refreshTokens.values()].filter((r) => !r.revoked).length,
        codes: this.codes.size,
      }),
    );
  }

  /** Sets the scopes an app may ask for (the emulator learns them from the description). */
  allowScopes(scopes: readonly string[]): void {
    this.scopes = [...scopes];
  }

  app(keystring: string | null | undefined): EtsyApp | undefined {
    return keystring ? this.options.apps.find((a) => a.keystring === keystring) : undefined;
  }

  /** Every access token issued so far is now expired (as an hour later). */
  expireAccessTokens(): void {
    const now = this.server.clock.now();
    for (const record of this.accessTokens.values()) record.expiresAt = now - 1;
  }

  /** Every refresh token is refused from now on (the seller removed the app). */
  revokeRefreshTokens(): void {
    for (const record of this.refreshTokens.values()) record.revoked = true;
  }

  clear(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  /** Tokens as if the seller had connected the app: the sandbox's demo connection, tests. */
  issueTokens(keystring?: string, scopes?: readonly string[]): EtsyTokenAnswer {
    const app = keystring ? this.app(keystring) : this.options.apps[0];
    if (!app) throw new Error(`No Etsy app ${keystring ?? ''} registered`);
    return this.grant(app.keystring, this.options.seller.userId, [...(scopes ?? this.scopes)]);
  }

  /** The bearer token of an API call. */
  authenticate(request: EmulatorRequest): EtsyBearerOutcome {
    const value = header(request.headers, 'authorization');
    if (!value) return { ok: false, reason: 'missing' };
    const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
    if (!match?.[1]) return { ok: false, reason: 'malformed' };
    const record = this.accessTokens.get(match[1]);
    if (!record || record.revoked) return { ok: false, reason: 'unknown' };
    if (record.expiresAt <= this.server.clock.now()) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      grant: { keystring: record.keystring, userId: record.userId, scopes: record.scopes },
    };
  }

  private authorize(ctx: RouteContext): EmulatorResponse {
    const query = ctx.request.query;
    const checked = this.checkAuthorize(ctx.request, (name) => query.get(name));
    if ('error' in checked) return checked.error;
    if (this.options.consentPage) return this.consentPage(ctx, checked.fields);
    return this.approve(checked.fields);
  }

  private consent(ctx: RouteContext): EmulatorResponse {
    const form = ctx.body.kind === 'form' ? ctx.body.value : new URLSearchParams();
    const checked = this.checkAuthorize(ctx.request, (name) => form.get(name));
    if ('error' in checked) return checked.error;
    if (form.get('decision') !== 'allow') {
      const target = new URL(checked.fields.redirectUri);
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request.');
      target.searchParams.set('state', checked.fields.state);
      return redirect(target.toString(), 303);
    }
    return { ...this.approve(checked.fields), status: 303 };
  }

  private checkAuthorize(
    request: EmulatorRequest,
    get: (name: string) => string | null,
  ): { fields: AuthorizeFields } | { error: EmulatorResponse } {
    const problems: string[] = [];
    const keystring = get('client_id');
    const app = this.app(keystring);
    if (!keystring) problems.push('client_id is missing');
    else if (!app) problems.push(`client_id ${keystring} is not the keystring of a registered app`);
    if (get('response_type') !== 'code') problems.push("response_type must be 'code'");
    const redirectUri = get('redirect_uri');
    if (!redirectUri) problems.push('redirect_uri is missing');
    else {
      if (app && !app.redirectUris.includes(redirectUri)) {
        problems.push(`redirect_uri ${redirectUri} is not a callback URL registered for the app`);
      }
      let parsed: URL | null = null;
      try {
        parsed = new URL(redirectUri);
      } catch {
        problems.push('redirect_uri is not a URL');
      }
      if (
        parsed &&
        this.options.httpsRedirectsOnly &&
        parsed.protocol !== 'https:' &&
        !loopback(parsed)
      ) {
        problems.push('redirect_uri must start with https://');
      }
    }
    const scopes = (get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    if (scopes.length === 0) problems.push('scope is missing');
    const unknown = scopes.filter((s) => !this.scopes.includes(s));
    if (unknown.length > 0) problems.push(`unknown scope(s): ${unknown.join(' ')}`);
    const state = get('state');
    if (!state) problems.push('state is missing');
    const codeChallenge = get('code_challenge');
    if (!codeChallenge) problems.push('code_challenge is missing (Etsy requires PKCE)');
    else if (!CHALLENGE.test(codeChallenge)) {
      problems.push('code_challenge must be the base64url SHA-256 of the code verifier');
    }
    if (get('code_challenge_method') !== 'S256') {
      problems.push("code_challenge_method must be 'S256'");
    }
    if (problems.length > 0 || !app || !redirectUri || !state || !codeChallenge) {
      this.violation(request, 'authorize', problems);
      return {
        error: {
          status: 400,
          html: page(
            'Invalid request',
            'Etsy',
            html`<div class="card">
              <h1>The authorization request is invalid</h1>
              <ul>
                ${problems.map((p) => html`<li>${p}</li>`)}
              </ul>
            </div>`,
          ),
        },
      };
    }
    return {
      fields: { keystring: app.keystring, redirectUri, scopes, state, codeChallenge },
    };
  }

  private consentPage(ctx: RouteContext, fields: AuthorizeFields): EmulatorResponse {
    const app = this.app(fields.keystring);
    const hidden: Record<string, string> = {
      response_type: 'code',
      client_id: fields.keystring,
      redirect_uri: fields.redirectUri,
      scope: fields.scopes.join(' '),
      state: fields.state,
      code_challenge: fields.codeChallenge,
      code_challenge_method: 'S256',
    };
    return {
      status: 200,
      html: page(
        'Allow access',
        'Etsy',
        html`<div class="card">
          <h1>Allow ${app?.name ?? 'this app'} access to your Etsy account?</h1>
          <p>
            Signed in as <strong>${this.options.seller.loginName}</strong>. The app asks for:
            ${fields.scopes.join(', ')}.
          </p>
          <form method="post" action="${ctx.baseUrl}${ETSY_AUTHORIZE_PATH}">
            ${Object.entries(hidden).map(
              ([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`,
            )}
            <button type="submit" name="decision" value="allow">Allow access</button>
            <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
          </form>
        </div>`,
      ),
    };
  }

  private approve(fields: AuthorizeFields): EmulatorResponse {
    const code = randomBytes(32).toString('base64url');
    this.codes.set(code, {
      keystring: fields.keystring,
      redirectUri: fields.redirectUri,
      scopes: fields.scopes,
      codeChallenge: fields.codeChallenge,
      expiresAt: this.server.clock.now() + this.options.codeTtlSeconds * 1000,
    });
    const target = new URL(fields.redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', fields.state);
    return redirect(target.toString());
  }

  private token(ctx: RouteContext): EmulatorResponse {
    const { request } = ctx;
    if (ctx.body.kind !== 'form') {
      this.violation(request, 'token', [
        'the token request must be an application/x-www-form-urlencoded body',
      ]);
      return oauthError(400, 'invalid_request', 'The request body must be form encoded.');
    }
    const form = ctx.body.value;
    const keystring = form.get('client_id');
    const app = this.app(keystring);
    if (!app) {
      this.violation(request, 'token', [
        keystring ? `client_id ${keystring} is not a registered app` : 'client_id is missing',
      ]);
      return oauthError(400, 'invalid_client', 'The client_id is missing or unknown.');
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return this.codeGrant(request, form, app);
    if (grantType === 'refresh_token') return this.refreshGrant(request, form, app);
    this.violation(request, 'token', [`grant_type ${grantType ?? '(missing)'} is not supported`]);
    return oauthError(400, 'unsupported_grant_type', 'The grant_type is not supported.');
  }

  private codeGrant(request: EmulatorRequest, form: URLSearchParams, app: EtsyApp) {
    const code = form.get('code');
    const redirectUri = form.get('redirect_uri');
    const verifier = form.get('code_verifier');
    const missing = [
      !code && 'code',
      !redirectUri && 'redirect_uri',
      !verifier && 'code_verifier',
    ].filter(Boolean);
    if (missing.length > 0) {
      this.violation(request, 'token', [`${missing.join(', ')} missing from the code grant`]);
      return oauthError(400, 'invalid_request', `Missing ${missing.join(', ')}.`);
    }
    if (!VERIFIER.test(verifier ?? '')) {
      this.violation(request, 'token', [
        'code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~',
      ]);
      return oauthError(400, 'invalid_request', 'The code_verifier is malformed.');
    }
    const record = this.codes.get(code ?? '');
    // A code is good once, whatever happens next.
    this.codes.delete(code ?? '');
    if (
      !record ||
      record.keystring !== app.keystring ||
      record.expiresAt <= this.server.clock.now()
    ) {
      return oauthError(400, 'invalid_grant', 'The code is invalid, used or expired.');
    }
    if (record.redirectUri !== redirectUri) {
      this.violation(request, 'token', [
        'redirect_uri differs from the one of the authorize request',
      ]);
      return oauthError(400, 'invalid_grant', 'The redirect_uri does not match.');
    }
    const computed = createHash('sha256')
      .update(verifier ?? '')
      .digest('base64url');
    if (computed !== record.codeChallenge) {
      return oauthError(400, 'invalid_grant', 'The code_verifier does not match the challenge.');
    }
    return json(200, this.grant(app.keystring, this.options.seller.userId, record.scopes), {
      'cache-control': 'no-store',
    });
  }

  private refreshGrant(request: EmulatorRequest, form: URLSearchParams, app: EtsyApp) {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) {
      this.violation(request, 'token', ['refresh_token missing from the refresh grant']);
      return oauthError(400, 'invalid_request', 'Missing refresh_token.');
    }
    const record = this.refreshTokens.get(refreshToken);
    if (
      !record ||
      record.revoked ||
      record.keystring !== app.keystring ||
      record.expiresAt <= this.server.clock.now()
    ) {
      return oauthError(400, 'invalid_grant', 'The refresh token is invalid or expired.');
    }
    if (this.options.rotateRefreshTokens) record.revoked = true;
    const answer = this.grant(app.keystring, record.userId, record.scopes);
    if (!this.options.rotateRefreshTokens) {
      // The same refresh token stays good; the new one is not handed out.
      this.refreshTokens.delete(answer.refresh_token);
      answer.refresh_token = refreshToken;
    }
    return json(200, answer, { 'cache-control': 'no-store' });
  }

  private grant(keystring: string, userId: number, scopes: string[]): EtsyTokenAnswer {
    const now = this.server.clock.now();
    // ✅ Etsy's tokens start with the seller's numeric user id: `12345678.<opaque>`.
    const accessToken = `${userId}.${randomBytes(48).toString('base64url')}`;
    const refreshToken = `${userId}.${randomBytes(48).toString('base64url')}`;
    const base = { keystring, userId, scopes, revoked: false };
    this.accessTokens.set(accessToken, {
      ...base,
      expiresAt: now + this.options.accessTokenTtlSeconds * 1000,
    });
    this.refreshTokens.set(refreshToken, {
      ...base,
      expiresAt: now + this.options.refreshTokenTtlSeconds * 1000,
    });
    return {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: this.options.accessTokenTtlSeconds,
      refresh_token: refreshToken,
    };
  }

  private violation(request: EmulatorRequest, endpoint: string, messages: string[]): void {
    this.server.recordViolation({
      direction: 'request',
      api: 'etsy.oauth',
      operationId: endpoint,
      method: request.method,
      path: request.path,
      status: null,
      messages,
    });
  }
}

interface AuthorizeFields {
  keystring: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  codeChallenge: string;
}
