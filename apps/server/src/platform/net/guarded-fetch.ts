import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { isPublicAddress, systemLookup, type HostLookup } from './public-address';

/** Why a guarded fetch did not answer. */
export type GuardedFetchFailure =
  /** Not an http or https address. */
  | 'protocol'
  /** The host is, or resolves to, an address that is not on the public internet. */
  | 'private-address'
  /** More redirects than allowed, or a redirect with no usable Location. */
  | 'redirect'
  /** The body is larger than allowed. */
  | 'too-large'
  /** The whole exchange, redirects and body included, took longer than allowed. */
  | 'timeout'
  /** The host does not resolve, or the connection failed or dropped. */
  | 'unreachable';

/**
 * A fetch the guard refused or could not finish. The message names the host, never the whole
 * address (a webhook's address is its secret).
 */
export class GuardedFetchError extends Error {
  override readonly name = 'GuardedFetchError';
  constructor(
    message: string,
    readonly reason: GuardedFetchFailure,
    /** The host of the hop that failed (an IPv6 address without its brackets); null when none. */
    readonly host: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  /** Worth trying again later: the other end may answer next time; a refusal will not change. */
  get transient(): boolean {
    return this.reason === 'timeout' || this.reason === 'unreachable';
  }
}

export interface GuardedRequest {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The most the body may weigh, checked as it streams. */
  maxBytes?: number;
  /** How long the whole exchange may take, redirects and the body's reading included. */
  timeoutMs?: number;
  /** How many redirects are followed (each hop checked as the first); 0 refuses any. */
  maxRedirects?: number;
}

export interface GuardedResponse {
  readonly status: number;
  readonly ok: boolean;
  readonly headers: Headers;
  /** The address that answered, after redirects. */
  readonly url: string;
  /** The whole body; a GuardedFetchError past the byte cap or the deadline. */
  bytes(): Promise<Buffer>;
  text(): Promise<string>;
  /** Lets the body go unread (and the connection free). */
  discard(): Promise<void>;
}

/** Answers requests to some origins in this process, with no socket (the sandbox's server). */
export interface InProcessTransport {
  /** Exact origins (`http://localhost:3000`) this transport answers. */
  origins: readonly string[];
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

export interface GuardedFetcherOptions {
  /**
   * Origins reached without the address check, over the network: the tests' emulators and
   * receivers on 127.0.0.1. Never given in live mode.
   */
  trusts?: (origin: URL) => boolean;
  /** Origins answered in process instead of over the network (sandbox mode). */
  inProcess?: InProcessTransport;
  /** How host names are resolved; the system resolver by default. */
  lookup?: HostLookup;
  /** Defaults for each request. */
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
}

/** Fetches addresses that came from outside (a seller, a marketplace, a webhook setting). */
export interface GuardedFetcher {
  fetch(url: string, request?: GuardedRequest): Promise<GuardedResponse>;
  close(): Promise<void>;
}

const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** The origins of these addresses, exactly (scheme, host and port): for `trusts`. */
export function trustOrigins(urls: readonly string[]): (origin: URL) => boolean {
  const origins = new Set(urls.map((url) => new URL(url).origin));
  return (origin) => origins.has(origin.origin);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function privateAddress(host: string): GuardedFetchError {
  return new GuardedFetchError(
    `${host} is on a private network, and ListLoop fetches nothing there.`,
    'private-address',
    host,
  );
}

/**
 * The resolver the guarded connections use: every address the name has must be public (one
 * private answer is enough to refuse: the connection could use it), and the connection goes to
 * exactly the addresses checked here, so a name that answers differently a moment later
 * (DNS rebinding) reaches nothing it was not checked for.
 */
function guardedLookup(resolve: HostLookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    resolve(hostname).then(
      (answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = answers
          .map((answer) => ({ address: answer.address, family: isIP(answer.address) }))
          .filter((answer) => family === 0 || answer.family === family);
        if (addresses.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, []);
          return;
        }
        if (!answers.every((answer) => isPublicAddress(answer.address))) {
          callback(privateAddress(hostname), []);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
}

/** The guard's own refusal among an error's causes, if it is one. */
function guardRefusal(error: unknown): GuardedFetchError | null {
  for (let at = error, depth = 0; at && depth < 5; depth += 1) {
    if (at instanceof GuardedFetchError) return at;
    at = (at as { cause?: unknown }).cause;
  }
  return null;
}

interface Hop {
  status: number;
  headers: Headers;
  body: AsyncIterable<Uint8Array> | null;
  cancel(): Promise<void>;
}

function toHeaders(given: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(given)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  return headers;
}

/**
 * One fetcher for every address the server did not choose itself: http and https only; each
 * hop's host must be a public address, or resolve to public addresses only, and the connection
 * goes to exactly the address checked; redirects are followed by hand, a bounded number, each
 * checked as the first; the body is capped as it streams; one deadline covers it all.
 */
export function createGuardedFetcher(options: GuardedFetcherOptions = {}): GuardedFetcher {
  const guarded = new Agent({
    connect: { lookup: guardedLookup(options.lookup ?? systemLookup) },
  });
  // Only for origins the configuration trusts (tests' emulators): no address check.
  const trusted = options.trusts ? new Agent() : null;
  const inProcess = new Set(options.inProcess?.origins.map((origin) => new URL(origin).origin));

  async function hop(
    url: URL,
    init: { method: string; headers: Record<string, string>; body?: string | Uint8Array },
    signal: AbortSignal,
  ): Promise<Hop> {
    if (options.inProcess && inProcess.has(url.origin)) {
      const response = await options.inProcess.fetch(url.toString(), {
        method: init.method,
        headers: init.headers,
        ...(init.body !== undefined ? { body: init.body } : {}),
        redirect: 'manual',
        signal,
      });
      const body = response.body;
      return {
        status: response.status,
        headers: response.headers,
        body,
        cancel: async () => {
          await body?.cancel().catch(() => undefined);
        },
      };
    }
    const host = hostOf(url);
    const isTrusted = trusted !== null && (options.trusts?.(url) ?? false);
    // A literal address is connected to without a lookup, so it is checked here.
    if (!isTrusted && isIP(host.replace(/%.*$/, '')) !== 0 && !isPublicAddress(host)) {
      throw privateAddress(host);
    }
    const answer = await request(url, {
      dispatcher: isTrusted ? trusted : guarded,
      method: init.method as 'GET' | 'HEAD' | 'POST',
      headers: init.headers,
      ...(init.body !== undefined ? { body: init.body } : {}),
      signal,
    });
    return {
      status: answer.statusCode,
      headers: toHeaders(answer.headers),
      body: answer.body,
      cancel: async () => {
        // Destroying the body makes it emit its abort as an error: nobody reads it any more.
        answer.body.on('error', () => undefined);
        answer.body.destroy();
      },
    };
  }

  async function fetchGuarded(
    address: string,
    given: GuardedRequest = {},
  ): Promise<GuardedResponse> {
    const maxBytes = given.maxBytes ?? options.maxBytes ?? DEFAULT_MAX_BYTES;
    const timeoutMs = given.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxRedirects = given.maxRedirects ?? options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    // A body nobody reads must not keep the process up until its deadline.
    timer.unref();
    let current: URL | null = null;
    const failure = (error: unknown): GuardedFetchError => {
      const refused = guardRefusal(error);
      if (refused) return refused;
      const host = current ? hostOf(current) : null;
      if (deadline.signal.aborted) {
        return new GuardedFetchError(
          `${host ?? 'The address'} did not answer within ${Math.ceil(timeoutMs / 1000)} s.`,
          'timeout',
          host,
          { cause: error },
        );
      }
      const code = (error as { code?: string } | null)?.code;
      const detail = code ? ` (${code})` : '';
      return new GuardedFetchError(
        `${host ?? 'The address'} could not be reached${detail}.`,
        'unreachable',
        host,
        { cause: error },
      );
    };

    let method = given.method ?? 'GET';
    let body = given.body;
    let headers = { ...given.headers };
    let response: Hop | null = null;
    try {
      for (let redirects = 0; ; redirects += 1) {
        let next: URL;
        try {
          next = current === null ? new URL(address) : new URL(address, current);
        } catch {
          throw new GuardedFetchError(
            'The address is not a web address.',
            current === null ? 'protocol' : 'redirect',
            current ? hostOf(current) : null,
          );
        }
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          throw new GuardedFetchError(
            `Only http and https addresses are fetched, not ${next.protocol.slice(0, -1)}.`,
            'protocol',
            hostOf(next) || null,
          );
        }
        // Credentials set for one origin are not handed to the next one.
        if (current !== null && next.origin !== current.origin) {
          headers = Object.fromEntries(
            Object.entries(headers).filter(
              ([name]) => !['authorization', 'cookie'].includes(name.toLowerCase()),
            ),
          );
        }
        current = next;
        const sent = { method, headers, ...(body !== undefined ? { body } : {}) };
        response = await hop(current, sent, deadline.signal);
        if (!REDIRECTS.has(response.status)) break;
        const { status } = response;
        const location = response.headers.get('location');
        await response.cancel();
        response = null;
        if (!location || redirects >= maxRedirects) {
          throw new GuardedFetchError(
            maxRedirects === 0
              ? `${hostOf(current)} answered with a redirect, and none is followed here.`
              : `${hostOf(current)} redirected more than ${maxRedirects} times.`,
            'redirect',
            hostOf(current),
          );
        }
        address = location;
        // As browsers do: a 303, or a 301/302 after a POST, goes on as a GET with no body.
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          method = 'GET';
          body = undefined;
          headers = Object.fromEntries(
            Object.entries(headers).filter(([name]) => !/^content-/i.test(name)),
          );
        }
      }
    } catch (error) {
      clearTimeout(timer);
      throw failure(error);
    }

    // The loop leaves only by a final answer, or by throwing.
    const final = current!;
    const answer = response!;
    const tooLarge = () =>
      new GuardedFetchError(
        `The answer from ${hostOf(final)} is larger than ${Math.floor(maxBytes / (1024 * 1024)) || 1} MB.`,
        'too-large',
        hostOf(final),
      );
    let consumed = false;
    const readAll = async (): Promise<Buffer> => {
      if (consumed) throw new Error('The body was read already.');
      consumed = true;
      try {
        const declared = Number(answer.headers.get('content-length') ?? NaN);
        if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
        const chunks: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of answer.body ?? []) {
          size += chunk.byteLength;
          if (size > maxBytes) throw tooLarge();
          chunks.push(chunk);
        }
        return Buffer.concat(chunks);
      } catch (error) {
        await answer.cancel();
        throw failure(error);
      } finally {
        clearTimeout(timer);
      }
    };
    return {
      status: answer.status,
      ok: answer.status >= 200 && answer.status < 300,
      headers: answer.headers,
      url: final.toString(),
      bytes: readAll,
      text: async () => (await readAll()).toString('utf8'),
      discard: async () => {
        consumed = true;
        clearTimeout(timer);
        await answer.cancel();
      },
    };
  }

  return {
    fetch: fetchGuarded,
    async close() {
      await Promise.all([guarded.close(), trusted?.close()]);
    },
  };
}
