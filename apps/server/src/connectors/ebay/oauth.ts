import type { OAuthProvider, TokenSet } from '../contract';
import { OAuthRefusedError } from '../contract';

export interface EbayOAuthOptions {
  /** ✅ https://auth.ebay.com (sandbox: https://auth.sandbox.ebay.com), or the emulator. */
  authBaseUrl: string;
  /** ✅ https://api.ebay.com (sandbox: https://api.sandbox.ebay.com), or the emulator. */
  apiBaseUrl: string;
  /** The app's keys (App ID = client id, Cert ID = client secret), from configuration. */
  clientId: string;
  clientSecret: string;
  /**
   * ✅ eBay's redirect_uri is the app's RuName, not a URL; the accept URL registered with the
   * RuName in eBay's developer portal must be ListLoop's OAuth callback.
   */
  ruName: string;
  scopes: readonly string[];
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

/** ✅ The scopes the eBay connector's calls need. */
export const EBAY_SCOPES: readonly string[] = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
];

const AUTHORIZE_PATH = '/oauth2/authorize'; // ✅
const TOKEN_PATH = '/identity/v1/oauth2/token'; // ✅

interface EbayTokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  error?: string;
  error_description?: string;
}

/**
 * eBay's OAuth 2 authorization-code grant: the seller signs in on eBay, eBay sends them back to
 * the RuName's accept URL with a code, and the token endpoint (HTTP Basic with the app's keys,
 * a form body) turns it into a 2-hour access token and an ~18-month refresh token. eBay does
 * not rotate refresh tokens.
 */
export function ebayOAuthProvider(options: EbayOAuthOptions): OAuthProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const authBase = options.authBaseUrl.replace(/\/+$/, '');
  const apiBase = options.apiBaseUrl.replace(/\/+$/, '');
  const scope = options.scopes.join(' ');
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');

  async function token(
    form: Record<string, string>,
    refreshToken: string | null,
  ): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetchImpl(`${apiBase}${TOKEN_PATH}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      throw new Error(
        `ListLoop could not reach eBay's sign-in service: ${(error as Error).message}.`,
        {
          cause: error,
        },
      );
    }
    let answer: EbayTokenAnswer = {};
    try {
      answer = (await response.json()) as EbayTokenAnswer;
    } catch {
      answer = {};
    }
    if (!response.ok || !answer.access_token) {
      const said = answer.error_description ?? answer.error ?? `status ${response.status}`;
      // invalid_grant: the code or refresh token is no longer good; the seller must reconnect.
      if (answer.error === 'invalid_grant' || answer.error === 'invalid_scope') {
        throw new OAuthRefusedError(`eBay refused the sign-in: ${said}.`, 'ebay');
      }
      throw new Error(`eBay's sign-in service failed: ${said}.`);
    }
    const at = now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? refreshToken,
      expiresAt: typeof answer.expires_in === 'number' ? at + answer.expires_in * 1000 : null,
      refreshTokenExpiresAt:
        typeof answer.refresh_token_expires_in === 'number'
          ? at + answer.refresh_token_expires_in * 1000
          : null,
      // eBay's token answer does not name the seller (the Identity API would).
      externalAccountId: null,
      scope,
    };
  }

  return {
    marketplace: 'ebay',
    usesPkce: false,
    authorizeUrl({ state }) {
      const url = new URL(`${authBase}${AUTHORIZE_PATH}`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('redirect_uri', options.ruName);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('scope', scope);
      url.searchParams.set('state', state);
      return url.toString();
    },
    exchangeCode({ code }) {
      return token({ grant_type: 'authorization_code', code, redirect_uri: options.ruName }, null);
    },
    refresh(refreshToken) {
      return token(
        { grant_type: 'refresh_token', refresh_token: refreshToken, scope },
        refreshToken,
      );
    },
  };
}
