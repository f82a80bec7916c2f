import { MARKETPLACE_NAMES, type MarketplaceId } from '@listloop/domain';
import { ConnectorError } from '../contract';
import type { ConnectionAuth, ConnectorScope } from '../contract';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MarketplaceCall {
  method: HttpMethod;
  path: string;
  status: number;
  ms: number;
}

export interface MarketplaceHttpOptions {
  marketplace: MarketplaceId;
  /** The API's base URL, without a trailing slash (configuration: the live API or an emulator). */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Where the seller's token comes from; calls made with a scope carry it. */
  auth?: ConnectionAuth;
  /** The header(s) a token travels in; `Authorization: Bearer <token>` by default. */
  authHeaders?: (token: string) => Record<string, string>;
  /** Headers on every call (Etsy's x-api-key). */
  headers?: Record<string, string>;
  /** The marketplace's own words from an error answer, or null when it gave none. */
  errorMessage?: (status: number, body: unknown) => string | null;
  timeoutMs?: number;
  /** Told about every call made (how many calls a publish takes; the benchmark counts them). */
  onCall?: (call: MarketplaceCall) => void;
}

export interface MarketplaceRequest {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (form bodies, uploads), with the caller's content-type header. */
  body?: RequestInit['body'];
  headers?: Record<string, string>;
  /** Statuses (>= 400) answered to the caller instead of thrown, such as 404 for a lookup. */
  allow?: number[];
  /** The token to use instead of the seller's (app tokens, OAuth calls). */
  token?: string;
}

export interface MarketplaceResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date; null when absent. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * One marketplace's HTTP API as the connectors use it, with the error classes of the listing
 * engine: a network failure, a timeout, a 5xx or a 429 is transient (a 429 keeps its
 * Retry-After); a 401 on a seller's call refreshes the token once and tries again; any other
 * 4xx is permanent and carries the marketplace's own message for the seller.
 */
export class MarketplaceHttp {
  private readonly fetchImpl: typeof fetch;
  private readonly name: string;

  constructor(private readonly options: MarketplaceHttpOptions) {
    this.fetchImpl = options.fetch ?? fetch;
    this.name = MARKETPLACE_NAMES[options.marketplace];
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  async request<T = unknown>(
    scope: ConnectorScope | null,
    method: HttpMethod,
    path: string,
    request: MarketplaceRequest = {},
  ): Promise<MarketplaceResponse<T>> {
    const { auth, marketplace } = this.options;
    let token = request.token ?? null;
    if (!token && scope && auth) token = (await auth.token(scope, marketplace)).accessToken;
    let response = await this.send(method, path, request, token);
    if (response.status === 401 && scope && auth && !request.token && token) {
      token = (await auth.refreshAfterRejection(scope, marketplace, token)).accessToken;
      response = await this.send(method, path, request, token);
      if (response.status === 401) {
        throw new ConnectorError(
          `${this.name} refused the connection's sign-in. Reconnect your ${this.name} account in Marketplaces.`,
        );
      }
    }
    const body = await readBody(response);
    if (response.status < 400 || request.allow?.includes(response.status)) {
      return { status: response.status, headers: response.headers, body: body as T };
    }
    const said = this.options.errorMessage?.(response.status, body) ?? null;
    if (response.status === 429) {
      throw new ConnectorError(said ?? `${this.name} asked ListLoop to slow down.`, {
        transient: true,
        retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
      });
    }
    if (response.status >= 500) {
      throw new ConnectorError(
        `${this.name} had a problem (${response.status})${said ? `: ${said}` : '.'}`,
        { transient: true },
      );
    }
    throw new ConnectorError(said ?? `${this.name} refused the request (${response.status}).`);
  }

  private async send(
    method: HttpMethod,
    path: string,
    request: MarketplaceRequest,
    token: string | null,
  ): Promise<Response> {
    const url = new URL(this.options.baseUrl + path);
    for (const [key, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = {
      accept: 'application/json',
      ...this.options.headers,
      ...(token ? (this.options.authHeaders?.(token) ?? { authorization: `Bearer ${token}` }) : {}),
      ...(request.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...request.headers,
    };
    const started = performance.now();
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        method,
        headers,
        body: request.json !== undefined ? JSON.stringify(request.json) : request.body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? 'it did not answer in time'
          : error instanceof Error
            ? error.message
            : String(error);
      throw new ConnectorError(`ListLoop could not reach ${this.name}: ${reason}.`, {
        transient: true,
        cause: error,
      });
    }
    this.options.onCall?.({
      method,
      path,
      status: response.status,
      ms: performance.now() - started,
    });
    return response;
  }
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return null;
  const text = await response.text();
  if (!text) return null;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trimStart())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
