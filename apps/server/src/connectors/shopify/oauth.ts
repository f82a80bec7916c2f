import { OAuthRefusedError, type OAuthProvider, type TokenSet } from '../contract';
import { shopifyShopBaseUrl } from './client';

/**
 * ✅ The access the Shopify connector's calls need: products (productSet, metafieldsSet,
 * products webhooks), inventory (inventorySetQuantities), orders (polling and orders/create),
 * publications (publishing to the online store) and locations (the shop's location).
 */
export const SHOPIFY_SCOPES: readonly string[] = [
  'write_products',
  'write_inventory',
  'read_orders',
  'write_publications',
  'read_locations',
];

/** ✅ Shopify stores are `<name>.myshopify.com`. */
const MYSHOPIFY = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The shop a seller typed is not one ListLoop can connect to. */
export class InvalidShopDomainError extends Error {
  override readonly name = 'InvalidShopDomainError';
}

/**
 * The shop's domain from what a seller typed: "my-shop", "my-shop.myshopify.com" or its admin
 * URL all give "my-shop.myshopify.com". Other hosts are refused unless listed in
 * `allowedHosts` (the emulator's host in tests and the sandbox).
 */
export function normalizeShopDomain(input: string, allowedHosts: readonly string[] = []): string {
  let value = input.trim().toLowerCase();
  if (/^https?:\/\//.test(value)) {
    try {
      value = new URL(value).host;
    } catch {
      value = '';
    }
  }
  value = value.replace(/\/.*$/, '');
  if (allowedHosts.map((h) => h.toLowerCase()).includes(value)) return value;
  if (/^[a-z0-9][a-z0-9-]*$/.test(value)) value = `${value}.myshopify.com`;
  if (!MYSHOPIFY.test(value)) {
    throw new InvalidShopDomainError(
      `"${input.trim()}" is not a Shopify store address: give your store's myshopify.com name, such as my-shop.myshopify.com.`,
    );
  }
  return value;
}

export interface ShopifyOAuthOptions {
  /** The app's client id and secret (Shopify Partners), from configuration. */
  clientId: string;
  clientSecret: string;
  scopes?: readonly string[];
  /** Where a shop's admin is: `https://{shop}` live, the emulator's shop URL in tests. */
  shopBaseUrl?: (shop: string) => string;
  /** Hosts accepted as a shop besides *.myshopify.com. */
  allowedShopHosts?: readonly string[];
  /**
   * ✅ Ask for expiring offline tokens (an hour, with a refresh token that rotates on each use;
   * required of public apps from 2027) rather than offline tokens that never expire.
   */
  expiringTokens?: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
}

interface ShopifyTokenAnswer {
  access_token?: string;
  scope?: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  error?: string;
  error_description?: string;
  errors?: unknown;
}

/**
 * Shopify's OAuth for an app installed on a seller's shop: the seller approves the app on their
 * own shop (`https://{shop}/admin/oauth/authorize`), and ListLoop trades the code at
 * `https://{shop}/admin/oauth/access_token` for an offline token (JSON body with the app's
 * keys). The shop's domain is the one extra the seller gives, and the account id ListLoop
 * keeps for the connection.
 */
export function shopifyOAuthProvider(options: ShopifyOAuthOptions): OAuthProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? Date.now;
  const baseOf = options.shopBaseUrl ?? shopifyShopBaseUrl;
  const scopes = (options.scopes ?? SHOPIFY_SCOPES).join(',');
  const expiring = options.expiringTokens ?? true;
  const shopOf = (extra: Record<string, string>) =>
    normalizeShopDomain(extra.shop ?? '', options.allowedShopHosts);

  async function token(shop: string, body: Record<string, string>): Promise<TokenSet> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseOf(shop).replace(/\/+$/, '')}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          ...body,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`ListLoop could not reach Shopify (${shop}): ${reason}`, { cause: error });
    }
    const text = await response.text();
    let answer: ShopifyTokenAnswer = {};
    try {
      answer = text ? (JSON.parse(text) as ShopifyTokenAnswer) : {};
    } catch {
      answer = {};
    }
    if (response.status === 429 || response.status >= 500) {
      throw new Error(
        `Shopify could not sign ListLoop in to ${shop} just now (${response.status}).`,
      );
    }
    if (!response.ok || !answer.access_token) {
      const said =
        answer.error_description ??
        answer.error ??
        (typeof answer.errors === 'string' ? answer.errors : null) ??
        `status ${response.status}`;
      throw new OAuthRefusedError(
        `Shopify refused to sign ListLoop in to ${shop}: ${said}`,
        'shopify',
      );
    }
    const at = now();
    return {
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token ?? null,
      expiresAt: typeof answer.expires_in === 'number' ? at + answer.expires_in * 1000 : null,
      refreshTokenExpiresAt:
        typeof answer.refresh_token_expires_in === 'number'
          ? at + answer.refresh_token_expires_in * 1000
          : null,
      externalAccountId: shop,
      scope: answer.scope ?? null,
    };
  }

  return {
    marketplace: 'shopify',
    usesPkce: false,
    needs: ['shop'],
    authorizeUrl({ state, redirectUri, extra }) {
      const shop = shopOf(extra);
      const url = new URL(`${baseOf(shop).replace(/\/+$/, '')}/admin/oauth/authorize`);
      url.searchParams.set('client_id', options.clientId);
      url.searchParams.set('scope', scopes);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      // No grant_options[]=per-user: an offline token, for work done with nobody signed in.
      return url.toString();
    },
    async exchangeCode({ code, extra }) {
      const shop = shopOf(extra);
      return token(shop, { code, expiring: expiring ? '1' : '0' });
    },
    async refresh(refreshToken, extra) {
      const shop = shopOf(extra);
      return token(shop, { grant_type: 'refresh_token', refresh_token: refreshToken });
    },
  };
}
