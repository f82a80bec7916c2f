import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { OAuthRefusedError, type TokenSet } from '../../connectors/contract';
import type { Db } from '../../platform/db/database';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { newId } from '../../platform/ids';
import type { RequestContext } from '../../platform/http/request-context';
import {
  credentialsFromTokens,
  NO_SUCH_CONNECTION,
  type ConnectionService,
  type CredentialService,
  type OAuthProviders,
} from '../connections';
import type { OAuthStateRepository } from './oauth-state.repository';

/** How long a seller has to finish signing in at the marketplace. */
export const OAUTH_STATE_TTL_MS = 15 * 60_000;
export const DEFAULT_REDIRECT = '/app/import';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** What was just connected, for the work a marketplace needs after connecting. */
export interface ConnectedEvent {
  accountId: string;
  userId: string;
  /** Who connected, as the activity log names them (absent from a sandbox connection). */
  userName?: string;
  connectionId: string;
  marketplace: MarketplaceId;
  /** The app's address the seller connected from (PUBLIC_URL, or the request's origin). */
  appBaseUrl: string;
}

/**
 * A path of this app to come back to: one leading slash, no scheme or host (`//evil.example`
 * and `/\evil` are refused), so the callback can never be used to send someone elsewhere.
 */
export function safeRedirect(value: string | undefined): string {
  const redirect = value?.trim() || DEFAULT_REDIRECT;
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(redirect)) {
    throw badRequest('redirect must be a path of this app, such as /app/import.', [
      { path: 'redirect', message: 'Give a path of this app, such as /app/import.' },
    ]);
  }
  return redirect;
}

function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, 'http://app.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Connecting a marketplace account by OAuth 2: web-auth-url starts an authorization
 * (state and, where required, PKCE), the callback exchanges the code and stores the tokens
 * through the credentials service, on a new connection or the one being reconnected.
 */
export class MarketplaceAuthService {
  constructor(
    private readonly db: Db,
    private readonly states: OAuthStateRepository,
    private readonly connections: ConnectionService,
    private readonly credentials: CredentialService,
    private readonly providers: OAuthProviders,
    private readonly logger: Logger,
    /** Runs after the tokens are stored (eBay's seller setup, Shopify's webhooks); never fails the callback. */
    private readonly onConnected: ((event: ConnectedEvent) => Promise<void>) | null = null,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** The marketplaces a seller can connect by signing in here. */
  connectable(): MarketplaceId[] {
    return (Object.keys(MARKETPLACE_NAMES) as MarketplaceId[]).filter((m) => this.providers.has(m));
  }

  async authorizeUrl(
    ctx: RequestContext,
    input: {
      marketplace: MarketplaceId;
      redirect?: string;
      connectionId?: string;
      extra: Record<string, string>;
      callbackBase: string;
    },
  ): Promise<string> {
    if (!ctx.permissions['marketplaces.manage']) throw forbidden();
    const { marketplace } = input;
    const name = MARKETPLACE_NAMES[marketplace];
    const redirect = safeRedirect(input.redirect);
    if (input.connectionId) {
      const connection = await this.connections.find(ctx.accountId, input.connectionId);
      if (!connection) throw notFound(NO_SUCH_CONNECTION);
      if (connection.marketplace !== marketplace) {
        throw badRequest(`connectionId: that connection is of ${connection.marketplace}.`, [
          { path: 'connectionId', message: `That connection is not of ${name}.` },
        ]);
      }
    }
    const provider = this.providers.get(marketplace);
    if (!provider) {
      throw badRequest(
        `ListLoop cannot connect to ${name} here: this server has no ${name} app keys configured.`,
        [{ path: 'marketplace', message: `${name} cannot be connected by signing in.` }],
      );
    }
    for (const key of provider.needs ?? []) {
      if (!input.extra[key]) {
        throw badRequest(`Connecting ${name} needs the ${key}.`, [
          { path: key, message: `Give the ${key} to connect ${name}.` },
        ]);
      }
    }
    const state = base64url(crypto.randomBytes(32));
    const codeVerifier = provider.usesPkce ? base64url(crypto.randomBytes(48)) : null;
    const codeChallenge = codeVerifier
      ? base64url(crypto.createHash('sha256').update(codeVerifier).digest())
      : null;
    const redirectUri = `${input.callbackBase}/api/user/auth/callback/${marketplace}`;
    const extra = Object.fromEntries((provider.needs ?? []).map((key) => [key, input.extra[key]!]));
    await this.states.insert({
      state,
      accountId: ctx.accountId,
      userId: ctx.user.id,
      marketplace,
      codeVerifier,
      redirectUri,
      redirect,
      connectionId: input.connectionId ?? null,
      extra,
      expiresAt: new Date(this.now() + OAUTH_STATE_TTL_MS),
    });
    return provider.authorizeUrl({ state, redirectUri, codeChallenge, extra });
  }

  /**
   * The marketplace sent the seller back. Answers the app path to go to, with `connected` and
   * `connection`, or `connectError` and a sentence the screen shows.
   */
  async callback(
    ctx: RequestContext,
    marketplace: MarketplaceId,
    query: { code?: string; state?: string; error?: string; error_description?: string },
  ): Promise<string> {
    const name = MARKETPLACE_NAMES[marketplace];
    const row = query.state
      ? await this.states.consume({
          state: query.state,
          accountId: ctx.accountId,
          userId: ctx.user.id,
          marketplace,
          now: new Date(this.now()),
        })
      : null;
    if (!row) {
      return withQuery(DEFAULT_REDIRECT, {
        connectError: `This ${name} sign-in has expired or was already used. Start connecting again.`,
      });
    }
    if (query.error || !query.code) {
      const said = query.error_description ?? query.error ?? 'no authorization code';
      return withQuery(row.redirect, {
        connectError: `${name} did not connect your account (${said}).`,
      });
    }
    const provider = this.providers.get(marketplace);
    if (!provider) {
      return withQuery(row.redirect, {
        connectError: `ListLoop cannot connect to ${name} here: this server has no ${name} app keys configured.`,
      });
    }
    let tokens: TokenSet;
    try {
      tokens = await provider.exchangeCode({
        code: query.code,
        redirectUri: row.redirectUri,
        codeVerifier: row.codeVerifier,
        extra: row.extra,
      });
    } catch (error) {
      this.logger.warn({ err: error, marketplace }, 'OAuth code exchange failed');
      const reason =
        error instanceof OAuthRefusedError
          ? `${name} refused the sign-in; start connecting again.`
          : `ListLoop could not reach ${name}; try again in a moment.`;
      return withQuery(row.redirect, { connectError: reason });
    }
    const connectionId = await this.db.transaction(async (tx) => {
      const existing = row.connectionId
        ? await this.connections.find(ctx.accountId, row.connectionId, tx)
        : tokens.externalAccountId
          ? await this.connections.findByExternalAccount(
              ctx.accountId,
              marketplace,
              tokens.externalAccountId,
              tx,
            )
          : null;
      let id = existing?.id ?? null;
      if (existing && tokens.externalAccountId && !existing.externalAccountId) {
        await this.connections.setExternalAccountId(
          ctx.accountId,
          existing.id,
          tokens.externalAccountId,
          tx,
        );
      }
      if (!id) {
        id = newId();
        const nickname = await this.freeNickname(
          ctx.accountId,
          marketplace,
          tokens.externalAccountId ?? row.extra.shop ?? `${name} account`,
          tx,
        );
        await this.connections.insertConnected(
          {
            id,
            accountId: ctx.accountId,
            marketplace,
            nickname,
            status: 'connected',
            externalAccountId: tokens.externalAccountId,
          },
          tx,
        );
      }
      const previous = existing
        ? await this.credentials.credentialsFor(ctx.accountId, existing.id, tx)
        : null;
      await this.credentials.saveConnected(
        { accountId: ctx.accountId, connectionId: id, marketplace },
        credentialsFromTokens(marketplace, tokens, previous?.credentials ?? null, row.extra),
        tx,
      );
      return id;
    });
    if (this.onConnected) {
      const suffix = `/api/user/auth/callback/${marketplace}`;
      try {
        await this.onConnected({
          accountId: ctx.accountId,
          userId: ctx.user.id,
          userName: ctx.user.name.trim() || ctx.user.email,
          connectionId,
          marketplace,
          appBaseUrl: row.redirectUri.endsWith(suffix)
            ? row.redirectUri.slice(0, -suffix.length)
            : row.redirectUri,
        });
      } catch (error) {
        this.logger.warn({ err: error, marketplace }, 'the work after connecting could not start');
      }
    }
    return withQuery(row.redirect, { connected: marketplace, connection: connectionId });
  }

  private async freeNickname(
    accountId: string,
    marketplace: MarketplaceId,
    wanted: string,
    db: Db,
  ): Promise<string> {
    const base = wanted.slice(0, 55);
    for (let n = 1; n < 100; n += 1) {
      const nickname = n === 1 ? base : `${base} ${n}`;
      if (!(await this.connections.findByNickname(accountId, marketplace, nickname, db)))
        return nickname;
    }
    return `${base.slice(0, 40)} ${crypto.randomBytes(3).toString('hex')}`;
  }
}
