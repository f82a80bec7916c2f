import { ERROR_CODES, type ApiErrorBody, type ErrorCode } from '@listloop/domain';
import type { z } from 'zod';

/** The server answered with an error status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly body: Partial<ApiErrorBody> | null;
  /** The server's Retry-After in seconds, when it said when to try again. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, json: unknown, retryAfterSeconds: number | null = null) {
    const body = json && typeof json === 'object' ? (json as Partial<ApiErrorBody>) : null;
    super(
      typeof body?.message === 'string' && body.message
        ? body.message
        : `Request failed with status ${status}`,
    );
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.code = isErrorCode(body?.code) ? body.code : null;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  get redirect(): string | null {
    return typeof this.body?.redirect === 'string' ? this.body.redirect : null;
  }

  get issues(): { path: string; message: string }[] {
    return Array.isArray(this.body?.issues) ? this.body.issues : [];
  }
}

/** The request never got an answer (offline, DNS, connection reset, server down). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'NetworkError';
  }
}

/** The server answered 2xx with a body that does not match the contract. */
export class ResponseShapeError extends Error {
  constructor(
    readonly path: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Unexpected response from ${path}`);
    this.name = 'ResponseShapeError';
  }
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Spec §7: a call retries only what may succeed on a second try: no answer, or a 5xx. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && error.status >= 500;
}

export function shouldRetry(failureCount: number, error: unknown, maxRetries: number): boolean {
  return failureCount < maxRetries && isRetryable(error);
}

/** Spec §7: the generic helper waits 500 ms between tries. */
export const RETRY_DELAY_MS = 500;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** A body sent as it is (a CSV file, say) instead of JSON, with its own content type. */
  rawBody?: { contentType: string; data: BodyInit };
  /** Parse the JSON answer; without it the answer is ignored. */
  schema?: z.ZodType<T>;
  /** Extra tries after the first, for network errors and 5xx only. */
  retries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Same-origin JSON over fetch with the session cookie. Every call says it speaks JSON, so
 * every call other than GET carries a JSON body (an empty object when there is nothing to
 * send): Fastify refuses a JSON content type with an empty body.
 */
export async function apiRequest<T = void>(path: string, options: RequestOptions<T> = {}) {
  const { retries = 0, retryDelayMs = RETRY_DELAY_MS } = options;
  for (let failureCount = 0; ; failureCount += 1) {
    try {
      return await requestOnce(path, options);
    } catch (error) {
      if (!shouldRetry(failureCount, error, retries) || options.signal?.aborted) throw error;
      await sleep(retryDelayMs);
    }
  }
}

async function requestOnce<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const hasBody = method !== 'GET';
  const raw = hasBody ? options.rawBody : undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'Content-Type': raw ? raw.contentType : 'application/json',
      },
      body: raw ? raw.data : hasBody ? JSON.stringify(options.body ?? {}) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new NetworkError(error);
  }

  if (!response.ok) {
    throw new ApiError(response.status, await readJson(response), retryAfter(response));
  }
  if (!options.schema) return undefined as T;

  const json = await readJson(response);
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ResponseShapeError(path, parsed.error.issues);
  return parsed.data;
}

/** Retry-After as a number of seconds (the form the server sends); null otherwise. */
function retryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after')?.trim() ?? '';
  return /^\d+$/.test(value) ? Number(value) : null;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
