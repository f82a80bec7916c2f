import { ConnectorError } from '../contract';
import type { ConnectionAuth, ConnectionToken, ConnectorScope } from '../contract';
import { MarketplaceHttp, type MarketplaceCall } from '../shared/marketplace-http';

/** ✅ The Admin API version whose documents the connector sends (configuration may pin another). */
export const SHOPIFY_API_VERSION = '2025-07';

/** ✅ The real Admin API lives at the shop's own domain. */
export function shopifyShopBaseUrl(shop: string): string {
  return `https://${shop}`;
}

/** One GraphQL error as Shopify answers it. */
export interface ShopifyGraphqlError {
  message: string;
  path?: (string | number)[];
  extensions?: {
    code?: string;
    requiredAccess?: string;
    [key: string]: unknown;
  };
}

export interface ShopifyThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

interface ShopifyGraphqlAnswer<T> {
  data?: T | null;
  errors?: ShopifyGraphqlError[] | string;
  extensions?: {
    cost?: {
      requestedQueryCost?: number;
      throttleStatus?: ShopifyThrottleStatus;
    };
  };
}

/** A mutation's userErrors, as every Shopify payload lists them. */
export interface ShopifyUserError {
  field?: string[] | null;
  message: string;
  code?: string | null;
}

/**
 * Shopify's words from an HTTP error answer: `{"errors": "…"}` (401, 429, 5xx), a list of
 * GraphQL errors, or an OAuth-style `error_description`.
 */
export function shopifyErrorMessage(_status: number, body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : null;
  const record = body as Record<string, unknown>;
  const errors = record.errors;
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) {
    const messages = errors
      .map((e) => (e && typeof e === 'object' ? (e as { message?: unknown }).message : e))
      .filter((m): m is string => typeof m === 'string');
    if (messages.length > 0) return messages.join('; ');
  }
  if (errors && typeof errors === 'object') {
    return Object.entries(errors as Record<string, unknown>)
      .map(([key, value]) => `${key}: ${String(value)}`)
      .join('; ');
  }
  if (typeof record.error_description === 'string') return record.error_description;
  return null;
}

/** Seconds until a throttled query's cost has been restored (Shopify's advice on THROTTLED). */
export function throttleWaitSeconds(
  requested: number | undefined,
  status: ShopifyThrottleStatus | undefined,
): number {
  if (!status || !requested || status.restoreRate <= 0) return 1;
  return Math.max(1, Math.ceil((requested - status.currentlyAvailable) / status.restoreRate));
}

/** A label for a userError's field path, for the seller ("photo 2"), or null when it adds nothing. */
function fieldLabel(field: string[] | null | undefined): string | null {
  if (!field || field.length === 0) return null;
  const files = field.indexOf('files');
  if (files >= 0 && field[files + 1] !== undefined) return `photo ${Number(field[files + 1]) + 1}`;
  const tags = field.indexOf('tags');
  if (tags >= 0 && field[tags + 1] !== undefined) return `tag ${Number(field[tags + 1]) + 1}`;
  return null;
}

/** Shopify's userErrors in one sentence, in Shopify's own words. */
export function describeUserErrors(errors: readonly ShopifyUserError[]): string {
  return errors
    .slice(0, 5)
    .map((e) => {
      const label = fieldLabel(e.field);
      return label ? `${e.message} (${label})` : e.message;
    })
    .join('; ');
}

/** Throws the permanent failure a mutation's userErrors mean, in Shopify's words. */
export function assertNoUserErrors(
  errors: readonly ShopifyUserError[] | undefined,
  what: string,
): void {
  if (!errors || errors.length === 0) return;
  throw new ConnectorError(`Shopify refused to ${what}: ${describeUserErrors(errors)}`);
}

export interface ShopifyClientOptions {
  auth: ConnectionAuth;
  apiVersion: string;
  /** The base URL of a shop's Admin API: `https://{shop}` live, the emulator's shop URL in tests. */
  shopBaseUrl?: (shop: string) => string;
  fetch?: typeof fetch;
  onCall?: (call: MarketplaceCall) => void;
  timeoutMs?: number;
}

/**
 * One seller's shop for the length of one operation: the token is read once (refreshed once on
 * a 401 through ConnectionAuth), and every call goes to that shop's Admin GraphQL API.
 */
export class ShopifySession {
  constructor(
    readonly shop: string,
    private readonly scope: ConnectorScope,
    private readonly http: MarketplaceHttp,
    private readonly apiVersion: string,
  ) {}

  /**
   * Runs a document. HTTP failures follow MarketplaceHttp (401 → refresh once, 429 and 5xx
   * transient); a THROTTLED answer is transient with the wait Shopify's cost figures give;
   * access refusals and documents Shopify rejects are permanent, in Shopify's words.
   */
  async graphql<T>(document: string, variables: Record<string, unknown> = {}): Promise<T> {
    const response = await this.http.request<ShopifyGraphqlAnswer<T>>(
      this.scope,
      'POST',
      `/admin/api/${this.apiVersion}/graphql.json`,
      { json: { query: document, variables } },
    );
    const answer = response.body ?? {};
    const errors =
      typeof answer.errors === 'string' ? [{ message: answer.errors }] : (answer.errors ?? []);
    if (errors.length > 0) throw graphqlFailure(errors, answer.extensions?.cost);
    if (answer.data === undefined || answer.data === null) {
      throw new ConnectorError('Shopify answered without data.', { transient: true });
    }
    return answer.data;
  }
}

function graphqlFailure(
  errors: readonly ShopifyGraphqlError[],
  cost: { requestedQueryCost?: number; throttleStatus?: ShopifyThrottleStatus } | undefined,
): ConnectorError {
  const codes = errors.map((e) => e.extensions?.code);
  const said = errors.map((e) => e.message).join('; ');
  if (codes.includes('THROTTLED')) {
    return new ConnectorError(
      'Shopify asked ListLoop to slow down (its API cost limit was reached).',
      {
        transient: true,
        retryAfterSeconds: throttleWaitSeconds(cost?.requestedQueryCost, cost?.throttleStatus),
      },
    );
  }
  if (codes.includes('ACCESS_DENIED')) {
    return new ConnectorError(
      `Shopify refused ListLoop access: ${said} Reconnect your Shopify account in Marketplaces to grant it.`,
    );
  }
  if (codes.includes('INTERNAL_SERVER_ERROR') || codes.includes('SERVICE_UNAVAILABLE')) {
    return new ConnectorError(`Shopify had a problem: ${said}`, { transient: true });
  }
  return new ConnectorError(`Shopify refused ListLoop's request: ${said}`);
}

/**
 * Opens a session on the seller's shop: the shop's domain comes with the connection's token
 * (`extra.shop`, saved when the seller connected).
 */
export class ShopifyClient {
  private readonly shopBaseUrl: (shop: string) => string;

  constructor(private readonly options: ShopifyClientOptions) {
    this.shopBaseUrl = options.shopBaseUrl ?? shopifyShopBaseUrl;
  }

  async session(scope: ConnectorScope): Promise<ShopifySession> {
    const { auth } = this.options;
    let current = await auth.token(scope, 'shopify');
    const shop = current.extra.shop;
    if (!shop) {
      throw new ConnectorError(
        'Reconnect your Shopify account in Marketplaces: ListLoop does not know which shop it is connected to.',
      );
    }
    // The token read above serves every call of this operation; a 401 refreshes it once.
    const sessionAuth: ConnectionAuth = {
      token: async () => current,
      refreshAfterRejection: async (s, marketplace, rejected): Promise<ConnectionToken> => {
        current = await auth.refreshAfterRejection(s, marketplace, rejected);
        return current;
      },
    };
    const http = new MarketplaceHttp({
      marketplace: 'shopify',
      baseUrl: this.shopBaseUrl(shop).replace(/\/+$/, ''),
      auth: sessionAuth,
      authHeaders: (token) => ({ 'x-shopify-access-token': token }),
      errorMessage: shopifyErrorMessage,
      ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
      ...(this.options.onCall ? { onCall: this.options.onCall } : {}),
      ...(this.options.timeoutMs ? { timeoutMs: this.options.timeoutMs } : {}),
    });
    return new ShopifySession(shop, scope, http, this.options.apiVersion);
  }
}
