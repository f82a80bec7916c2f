import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EmulatorServer, RouteContext, TokenGrant, BearerOutcome } from './emulator-server';
import { html, page } from './html';
import { empty, header, json, redirect, type EmulatorRequest, type EmulatorResponse } from './http';

/** One app registered with the marketplace. */
export interface OAuthClientRegistration {
  clientId: string;
  clientSecret: string;
  /**
   * The `redirect_uri` values the app may send, each with where the seller is sent back. A
   * plain OAuth app maps each URL to itself; eBay's RuName maps to the accept URL registered
   * with it in the developer portal.
   */
  redirects: Record<string, string>;
}

export interface OAuthServerOptions {
  /** For the consent page. */
  marketplace: string;
  authorizePath: string;
  tokenPath: string;
  clients: readonly OAuthClientRegistration[];
  /** How the app proves itself at the token endpoint: HTTP Basic (eBay) or form fields. */
  clientAuthentication: 'basic' | 'body';
  pkce: 'required' | 'none';
  accessTokenTtlSeconds: number;
  /** null: refresh tokens never expire. */
  refreshTokenTtlSeconds: number | null;
  authorizationCodeTtlSeconds: number;
  /** A refresh hands out a new refresh token and retires the old one (Etsy). */
  rotateRefreshTokens: boolean;
  /** The token answer carries `refresh_token_expires_in` (eBay). */
  answerRefreshTokenExpiry: boolean;
  /** The refresh grant must name its scopes (eBay). */
  refreshRequiresScope: boolean;
  /** The scopes an app may ask for; null: any. */
  scopes: readonly string[] | null;
  /** `token_type` in answers ('User Access Token' at eBay, 'Bearer' elsewhere). */
  tokenType: string;
  /** Prefix of the opaque tokens, to look like the marketplace's. */
  tokenPrefix?: string;
  /** Show an "Allow" page instead of approving at once (sandbox mode). */
  consentPage?: boolean;
  /** Extra query parameters on the redirect back with a code (eBay adds expires_in). */
  redirectExtras?: (codeTtlSeconds: number) => Record<string, string>;
  /** The seller who approves. */
  user: { userId: string; username: string };
}

interface CodeRecord {
  clientId: string;
  redirectParam: string;
  scopes: string[];
  expiresAt: number;
  codeChallenge: string | null;
}

interface TokenRecord {
  clientId: string;
  userId: string;
  scopes: string[];
  expiresAt: number | null;
  revoked: boolean;
}

export interface TokenAnswer {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

/**
 * The marketplace's OAuth 2 authorization server: the authorize endpoint (auto-approve, or a
 * consent page), the token endpoint with the authorization_code and refresh_token grants in
 * the marketplace's request format, expiring access tokens, refresh tokens that can be revoked,
 * and the bearer check its API uses. Malformed OAuth requests are recorded as violations;
 * refusals of a valid request (invalid_grant) are not, since a correct client meets them.
 */
export class OAuthServer {
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, TokenRecord>();
  private allowedScopes: string[] | null;

  constructor(
    private readonly server: EmulatorServer,
    private readonly options: OAuthServerOptions,
  ) {
    server.route('GET', options.authorizePath, (ctx) => this.authorize(ctx), {
      name: 'authorize',
    });
    server.route('POST', options.authorizePath, (ctx) => this.consent(ctx), {
      name: 'authorize',
    });
    server.route('POST', options.tokenPath, (ctx) => this.token(ctx), {
      faultTarget: 'oauth',
      name: 'token',
    });
    server.setAuthenticator((request) => this.authenticate(request));
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
        refreshTokens: this.refreshTokens.size,
        codes: this.codes.size,
      }),
    );
    server.onReset(() => this.clear());
    this.allowedScopes = options.scopes ? [...options.scopes] : null;
  }

  /** Sets the scopes an app may ask for (an emulator learns them from its descriptions). */
  allowScopes(scopes: readonly string[]): void {
    this.allowedScopes = [...scopes];
  }

  /** Every access token issued so far is now expired (as two hours later). */
  expireAccessTokens(): void {
    const now = this.server.clock.now();
    for (const record of this.accessTokens.values()) record.expiresAt = now - 1;
  }

  /** Every refresh token is refused from now on (the seller revoked the app). */
  revokeRefreshTokens(): void {
    for (const record of this.refreshTokens.values()) record.revoked = true;
  }

  clear(): void {
    this.codes.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
  }

  /** Tokens as if the seller had connected: the sandbox's demo connection, tests. */
  issueTokens(clientId?: string, scopes?: readonly string[]): TokenAnswer {
    const client = clientId
      ? this.options.clients.find((c) => c.clientId === clientId)
      : this.options.clients[0];
    if (!client) throw new Error(`No OAuth client ${clientId ?? ''} registered`);
    return this.grantTokens(client.clientId, [...(scopes ?? this.allowedScopes ?? [])], true);
  }

  authenticate(request: EmulatorRequest): BearerOutcome {
    const value = header(request.headers, 'authorization');
    if (!value) return { ok: false, reason: 'missing' };
    const match = /^Bearer\s+(\S+)$/i.exec(value.trim());
    if (!match?.[1]) return { ok: false, reason: 'malformed' };
    const record = this.accessTokens.get(match[1]);
    if (!record || record.revoked) return { ok: false, reason: 'unknown' };
    if (record.expiresAt !== null && record.expiresAt <= this.server.clock.now()) {
      return { ok: false, reason: 'expired' };
    }
    const grant: TokenGrant = {
      clientId: record.clientId,
      userId: record.userId,
      scopes: record.scopes,
    };
    return { ok: true, grant };
  }

  private authorize(ctx: RouteContext): EmulatorResponse {
    const query = ctx.request.query;
    const checked = this.checkAuthorizeRequest(ctx.request, (name) => query.get(name));
    if ('error' in checked) return checked.error;
    if (this.options.consentPage) return this.consentPage(ctx, checked.fields);
    return this.approve(checked.fields);
  }

  private consent(ctx: RouteContext): EmulatorResponse {
    const form = ctx.body.kind === 'form' ? ctx.body.value : new URLSearchParams();
    const checked = this.checkAuthorizeRequest(ctx.request, (name) => form.get(name));
    if ('error' in checked) return checked.error;
    if (form.get('decision') !== 'allow') {
      const target = new URL(checked.fields.redirectTo);
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The seller did not grant access.');
      if (checked.fields.state !== null) target.searchParams.set('state', checked.fields.state);
      return redirect(target.toString(), 303);
    }
    const answer = this.approve(checked.fields);
    return { ...answer, status: 303 };
  }

  private checkAuthorizeRequest(
    request: EmulatorRequest,
    get: (name: string) => string | null,
  ): { fields: AuthorizeFields } | { error: EmulatorResponse } {
    const problems: string[] = [];
    const clientId = get('client_id');
    const redirectParam = get('redirect_uri');
    const client = this.options.clients.find((c) => c.clientId === clientId);
    if (!clientId) problems.push('client_id is missing');
    else if (!client) problems.push(`client_id ${clientId} is not a registered app`);
    if (!redirectParam) problems.push('redirect_uri is missing');
    const redirectTo = client && redirectParam ? client.redirects[redirectParam] : undefined;
    if (client && redirectParam && !redirectTo) {
      problems.push(`redirect_uri ${redirectParam} is not registered for this app`);
    }
    if (get('response_type') !== 'code') problems.push("response_type must be 'code'");
    const scopes = (get('scope') ?? '').split(/[\s+]+/).filter(Boolean);
    const allowed = this.allowedScopes;
    const unknown = allowed ? scopes.filter((s) => !allowed.includes(s)) : [];
    if (unknown.length > 0) problems.push(`unknown scope(s): ${unknown.join(' ')}`);
    const codeChallenge = get('code_challenge');
    if (this.options.pkce === 'required') {
      if (!codeChallenge) problems.push('code_challenge is missing (PKCE is required)');
      if (get('code_challenge_method') !== 'S256')
        problems.push("code_challenge_method must be 'S256'");
    }
    if (problems.length > 0 || !client || !redirectParam || !redirectTo) {
      this.violation(request, 'authorize', problems);
      return {
        error: {
          status: 400,
          html: page(
            'Invalid request',
            this.options.marketplace,
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
      fields: {
        clientId: client.clientId,
        redirectParam,
        redirectTo,
        scopes,
        state: get('state'),
        codeChallenge,
        codeChallengeMethod: get('code_challenge_method'),
      },
    };
  }

  private consentPage(ctx: RouteContext, fields: AuthorizeFields): EmulatorResponse {
    const hidden: Record<string, string> = {
      client_id: fields.clientId,
      redirect_uri: fields.redirectParam,
      response_type: 'code',
      scope: fields.scopes.join(' '),
    };
    if (fields.state !== null) hidden.state = fields.state;
    if (fields.codeChallenge) hidden.code_challenge = fields.codeChallenge;
    if (fields.codeChallengeMethod) hidden.code_challenge_method = fields.codeChallengeMethod;
    const action = `${ctx.baseUrl}${this.options.authorizePath}`;
    return {
      status: 200,
      html: page(
        'Grant access',
        this.options.marketplace,
        html`<div class="card">
          <h1>Grant application access</h1>
          <p>
            An application asks to act for <strong>${this.options.user.username}</strong> on
            ${this.options.marketplace}.
          </p>
          <p>
            Access requested:
            ${fields.scopes.length > 0 ? fields.scopes.join(', ') : 'basic access'}
          </p>
          <form method="post" action="${action}">
            ${Object.entries(hidden).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
            <button type="submit" name="decision" value="allow">Allow</button>
            <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
          </form>
        </div>`,
      ),
    };
  }

  private approve(fields: AuthorizeFields): EmulatorResponse {
    const code = this.newToken('code');
    const ttl = this.options.authorizationCodeTtlSeconds;
    this.codes.set(code, {
      clientId: fields.clientId,
      redirectParam: fields.redirectParam,
      scopes: fields.scopes,
      expiresAt: this.server.clock.now() + ttl * 1000,
      codeChallenge: fields.codeChallenge,
    });
    const target = new URL(fields.redirectTo);
    if (fields.state !== null) target.searchParams.set('state', fields.state);
    target.searchParams.set('code', code);
    for (const [key, value] of Object.entries(this.options.redirectExtras?.(ttl) ?? {})) {
      target.searchParams.set(key, value);
    }
    return redirect(target.toString());
  }

  private token(ctx: RouteContext): EmulatorResponse {
    const { request } = ctx;
    if (ctx.body.kind !== 'form') {
      this.violation(request, 'token', [
        'the token request must be an application/x-www-form-urlencoded body',
      ]);
      return oauthError(
        400,
        'invalid_request',
        'request is missing a required parameter or malformed.',
      );
    }
    const form = ctx.body.value;
    const client = this.authenticateClient(request, form);
    if ('error' in client) return client.error;
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') return this.codeGrant(request, form, client.clientId);
    if (grantType === 'refresh_token') return this.refreshGrant(request, form, client.clientId);
    this.violation(request, 'token', [`grant_type ${grantType ?? '(missing)'} is not supported`]);
    return oauthError(
      400,
      'unsupported_grant_type',
      'grant type in request is not supported by the authorization server',
    );
  }

  private authenticateClient(
    request: EmulatorRequest,
    form: URLSearchParams,
  ): { clientId: string } | { error: EmulatorResponse } {
    let clientId: string | null = null;
    let secret: string | null = null;
    if (this.options.clientAuthentication === 'basic') {
      const value = header(request.headers, 'authorization') ?? '';
      const match = /^Basic\s+(\S+)$/i.exec(value.trim());
      if (match?.[1]) {
        const decoded = Buffer.from(match[1], 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon > 0) {
          clientId = decoded.slice(0, colon);
          secret = decoded.slice(colon + 1);
        }
      }
    } else {
      clientId = form.get('client_id');
      secret = form.get('client_secret');
    }
    if (!clientId || secret === null) {
      this.violation(request, 'token', [
        this.options.clientAuthentication === 'basic'
          ? 'the app must authenticate with HTTP Basic (client id and secret)'
          : 'client_id and client_secret are missing from the form',
      ]);
      return { error: oauthError(401, 'invalid_client', 'client authentication failed') };
    }
    const client = this.options.clients.find((c) => c.clientId === clientId);
    if (!client || !sameText(client.clientSecret, secret)) {
      this.violation(request, 'token', [`client ${clientId} or its secret is not registered`]);
      return { error: oauthError(401, 'invalid_client', 'client authentication failed') };
    }
    return { clientId: client.clientId };
  }

  private codeGrant(
    request: EmulatorRequest,
    form: URLSearchParams,
    clientId: string,
  ): EmulatorResponse {
    const code = form.get('code');
    const redirectParam = form.get('redirect_uri');
    const missing = [!code && 'code', !redirectParam && 'redirect_uri'].filter(Boolean);
    if (missing.length > 0) {
      this.violation(request, 'token', [`${missing.join(' and ')} missing from the code grant`]);
      return oauthError(
        400,
        'invalid_request',
        'request is missing a required parameter or malformed.',
      );
    }
    const record = code ? this.codes.get(code) : undefined;
    if (code) this.codes.delete(code);
    const refused = () =>
      oauthError(
        400,
        'invalid_grant',
        'the provided authorization grant code is invalid or was issued to another client',
      );
    if (!record || record.clientId !== clientId || record.expiresAt <= this.server.clock.now()) {
      return refused();
    }
    if (record.redirectParam !== redirectParam) {
      this.violation(request, 'token', [
        'redirect_uri differs from the one of the authorize request',
      ]);
      return refused();
    }
    if (record.codeChallenge) {
      const verifier = form.get('code_verifier');
      const computed = verifier ? createHash('sha256').update(verifier).digest('base64url') : null;
      if (!verifier) this.violation(request, 'token', ['code_verifier is missing (PKCE)']);
      if (computed !== record.codeChallenge) return refused();
    }
    return json(200, this.grantTokens(clientId, record.scopes, true), {
      'cache-control': 'no-store',
    });
  }

  private refreshGrant(
    request: EmulatorRequest,
    form: URLSearchParams,
    clientId: string,
  ): EmulatorResponse {
    const refreshToken = form.get('refresh_token');
    if (!refreshToken) {
      this.violation(request, 'token', ['refresh_token missing from the refresh grant']);
      return oauthError(
        400,
        'invalid_request',
        'request is missing a required parameter or malformed.',
      );
    }
    const scopeParam = form.get('scope');
    if (this.options.refreshRequiresScope && !scopeParam) {
      this.violation(request, 'token', ['scope missing from the refresh grant']);
      return oauthError(
        400,
        'invalid_request',
        'request is missing a required parameter or malformed.',
      );
    }
    const record = this.refreshTokens.get(refreshToken);
    const now = this.server.clock.now();
    if (
      !record ||
      record.revoked ||
      record.clientId !== clientId ||
      (record.expiresAt !== null && record.expiresAt <= now)
    ) {
      return oauthError(
        400,
        'invalid_grant',
        'the provided authorization refresh token is invalid or was issued to another client',
      );
    }
    const scopes = scopeParam ? scopeParam.split(/[\s+]+/).filter(Boolean) : record.scopes;
    if (scopes.some((s) => !record.scopes.includes(s))) {
      return oauthError(
        400,
        'invalid_scope',
        'the requested scope is invalid, unknown, malformed, or exceeds the scope granted to the seller',
      );
    }
    const issued = this.grantTokens(
      clientId,
      scopes,
      this.options.rotateRefreshTokens,
      record.userId,
    );
    if (this.options.rotateRefreshTokens) record.revoked = true;
    return json(200, issued, { 'cache-control': 'no-store' });
  }

  private grantTokens(
    clientId: string,
    scopes: string[],
    withRefreshToken: boolean,
    userId = this.options.user.userId,
  ): TokenAnswer {
    const now = this.server.clock.now();
    const { accessTokenTtlSeconds: accessTtl, refreshTokenTtlSeconds: refreshTtl } = this.options;
    const accessToken = this.newToken('access');
    this.accessTokens.set(accessToken, {
      clientId,
      userId,
      scopes,
      expiresAt: now + accessTtl * 1000,
      revoked: false,
    });
    const answer: TokenAnswer = {
      access_token: accessToken,
      expires_in: accessTtl,
      token_type: this.options.tokenType,
    };
    if (withRefreshToken) {
      const refreshToken = this.newToken('refresh');
      this.refreshTokens.set(refreshToken, {
        clientId,
        userId,
        scopes,
        expiresAt: refreshTtl === null ? null : now + refreshTtl * 1000,
        revoked: false,
      });
      answer.refresh_token = refreshToken;
      if (this.options.answerRefreshTokenExpiry && refreshTtl !== null) {
        answer.refresh_token_expires_in = refreshTtl;
      }
    }
    return answer;
  }

  private newToken(kind: 'code' | 'access' | 'refresh'): string {
    const prefix = this.options.tokenPrefix ?? '';
    return `${prefix}${kind === 'code' ? 'c' : kind === 'access' ? 'a' : 'r'}${randomBytes(24).toString('base64url')}`;
  }

  private violation(request: EmulatorRequest, endpoint: string, messages: string[]): void {
    this.server.recordViolation({
      direction: 'request',
      api: 'oauth',
      operationId: endpoint,
      method: request.method,
      path: request.path,
      status: null,
      messages,
    });
  }
}

interface AuthorizeFields {
  clientId: string;
  redirectParam: string;
  redirectTo: string;
  scopes: string[];
  state: string | null;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
}

function oauthError(status: number, error: string, description: string): EmulatorResponse {
  return json(status, { error, error_description: description }, { 'cache-control': 'no-store' });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
