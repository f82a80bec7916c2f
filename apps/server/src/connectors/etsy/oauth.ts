import { OAuthRefusedError, type OAuthProvider, type TokenSet } from '../contract';
import { etsyUserIdOf } from './client';

export interface EtsyOAuthOptions {
  /** ✅ https://www.etsy.com (the seller approves at /oauth/connect), or the emulator. */
  authBaseUrl: string;
  /** ✅ https://api.etsy.com (tokens at /v3/public/oauth/token), or the emulator. */
  apiBaseUrl: string;
  /** ✅ The app's API key keystring, Etsy's OAuth client_id (a public client: no secret). */
  clientId: string;
  scopes?: readonly string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
  /**
   * ◐ How long a refresh token lasts (90 days); Etsy's token answer does not say, so the
   * expiry is reckoned from this.
   */
  refreshTokenTtlSeconds?: number;
}

/**
 * The scopes the Etsy connector's calls need: listings read and write, receipts, and ◐ the
 * shop's shipping and processing profiles (shops_r), which listings name by id. A connection
 * made without shops_r is told to reconnect when its profiles are asked for.
 */
export const ETSY_SCOPES: readonly string[] = [
  'listings_r',
  'listings_w',
  'transactions_r',
  'shops_r',
];

const AUTHORIZE_PATH = '/oauth/connect'; // ✅
const TOKEN_PATH = '/v3/public/oauth/token'; // ✅

interface EtsyTokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  error?: string;
  error_description?: string;
}

/**
 * Etsy's OAuth 2 authorization-code grant with PKCE (S256): the seller approves on Etsy, Etsy
 * sends them back with a code, and the token endpoint (a form with the keystring as
 * client_id, the code and its verifier) answers an hour's access token and a refresh token.
 * ◐ The refresh token rotates: each refresh answers a new one and the one used is retired,
 * so every TokenSet carries the refresh token to save.
 */
export function etsyOAuthProvider(options: EtsyOAuthOptions): OAuthProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const authBase = options.authBaseUrl.replace(/\/+$/, '');
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '');
  const scope = (options.scopes ?? ETSY_SCOPES).join(' ');
  const refreshTtl = options.refreshTokenTtlSeconds ?? 90 * 86_400;

  async function token(
    form: Record<string, string>,
    refreshToken: string | null,
  ): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}${TOKEN_PATH}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new Error(
        `ListLoop could not reach Etsy's sign-in service: ${(error as Error).message}.`,
        { cause: error },
      );
    }
    let answer: EtsyTokenAnswer = {};
    try {
      answer = (await response.json()) as EtsyTokenAnswer;
    } catch {
      answer = {};
    }
    if (!response.ok || !answer.access_token) {
      const said = (
        answer.error_description ??
        answer.error ??
        `status ${response.status}`
      ).replace(/\.$/, '');
      // invalid_grant: the code, verifier or refresh token is no longer good; reconnect.
      if (answer.error === 'invalid_grant') {
        throw new OAuthRefusedError(`Etsy refused the sign-in: ${said}.`, 'etsy');
      }
      throw new Error(`Etsy's sign-in service failed: ${said}.`);
    }
    const at = now();
    const userId = etsyUserIdOf(answer.access_token);
    const rotated = answer.refresh_token ?? null;
    return {
      accessToken: answer.access_token,
      refreshToken: rotated ?? refreshToken,
      expiresAt: typeof answer.expires_in === 'number' ? at + answer.expires_in * 1000 : null,
      // A new refresh token starts its life now; a kept one keeps the expiry saved before.
      refreshTokenExpiresAt: rotated && rotated !== refreshToken ? at + refreshTtl * 1000 : null,
      externalAccountId: userId === null ? null : String(userId),
      scope,
    };
  }

  return {
    marketplace: 'etsy',
    usesPkce: true,
    authorizeUrl({ state, redirectUri, codeChallenge }) {
      if (!codeChallenge) throw new Error('Etsy requires PKCE: a code challenge is missing.');
      const url = new URL(`${authBase}${AUTHORIZE_PATH}`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },
    exchangeCode({ code, redirectUri, codeVerifier }) {
      if (!codeVerifier) {
        return Promise.reject(new Error('Etsy requires PKCE: the code verifier is missing.'));
      }
      return token(
        {
          grant_type: 'authorization_code',
          client_id: options.clientId,
          redirect_uri: redirectUri,
          code,
          code_verifier: codeVerifier,
        },
        null,
      );
    },
    refresh(refreshToken) {
      return token(
        { grant_type: 'refresh_token', client_id: options.clientId, refresh_token: refreshToken },
        refreshToken,
      );
    },
  };
}
