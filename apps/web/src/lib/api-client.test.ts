import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  NetworkError,
  ResponseShapeError,
  apiRequest,
  isRetryable,
  shouldRetry,
} from './api-client';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the retry rule', () => {
  it('retries network errors and 5xx only', () => {
    expect(isRetryable(new NetworkError(new TypeError('fetch failed')))).toBe(true);
    expect(isRetryable(new ApiError(500, null))).toBe(true);
    expect(isRetryable(new ApiError(503, null))).toBe(true);
    expect(isRetryable(new ApiError(400, null))).toBe(false);
    expect(isRetryable(new ApiError(401, { code: 'auth/login-fail' }))).toBe(false);
    expect(isRetryable(new ApiError(429, { code: 'auth/too-many-attempts' }))).toBe(false);
    expect(isRetryable(new Error('other'))).toBe(false);
  });

  it('stops after the allowed number of retries', () => {
    const error = new ApiError(502, null);
    expect(shouldRetry(0, error, 2)).toBe(true);
    expect(shouldRetry(1, error, 2)).toBe(true);
    expect(shouldRetry(2, error, 2)).toBe(false);
    expect(shouldRetry(0, error, 0)).toBe(false);
  });
});

describe('apiRequest', () => {
  it('sends same-origin credentials and JSON, with an empty JSON body on bodiless mutations', async () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/api/rest/v1/auth/logout', { method: 'POST' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/rest/v1/auth/logout');
    expect(init.credentials).toBe('same-origin');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{}');
  });

  it('sends a raw body with its own content type when asked', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    await apiRequest('/api/import?fileName=a.csv', {
      method: 'POST',
      rawBody: { contentType: 'text/csv', data: 'sku,title\nA1,Shirt\n' },
    });

    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).get('Content-Type')).toBe('text/csv');
    expect(init.body).toBe('sku,title\nA1,Shirt\n');
  });

  it('sends no body on GET', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { status: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/health', { schema: z.object({ status: z.string() }) });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
  });

  it('parses the answer with the given schema', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, { ok: true }));
    await expect(apiRequest('/x', { schema: z.object({ ok: z.literal(true) }) })).resolves.toEqual({
      ok: true,
    });
  });

  it('refuses an answer that breaks the contract', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(200, { ok: 'yes' }));
    await expect(
      apiRequest('/x', { schema: z.object({ ok: z.literal(true) }) }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('turns an error body into an ApiError with its code', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(401, {
        statusCode: 401,
        code: 'auth/login-fail',
        error: 'Unauthorized',
        message: 'The e-mail or password is not correct.',
      }),
    );
    const error = await apiRequest('/x', { method: 'POST' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect((error as ApiError).code).toBe('auth/login-fail');
    expect((error as ApiError).message).toBe('The e-mail or password is not correct.');
  });

  it('keeps an unknown code out of the typed code', async () => {
    vi.stubGlobal('fetch', async () =>
      jsonResponse(418, { code: 'teapot', message: 'Short and stout' }),
    );
    const error = (await apiRequest('/x').catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeNull();
    expect(error.message).toBe('Short and stout');
  });

  it('retries 5xx and network errors up to the limit, then gives up', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(jsonResponse(503))
      .mockResolvedValueOnce(jsonResponse(500));
    vi.stubGlobal('fetch', fetchMock);

    const error = await apiRequest('/x', { method: 'POST', retries: 2, retryDelayMs: 0 }).catch(
      (e: unknown) => e,
    );
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect((error as ApiError).status).toBe(500);
  });

  it('never retries a 4xx', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(401, { code: 'auth/login-fail' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/x', { method: 'POST', retries: 2, retryDelayMs: 0 }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('succeeds on a retry after a network error', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      apiRequest('/x', {
        method: 'POST',
        schema: z.object({ ok: z.literal(true) }),
        retries: 2,
        retryDelayMs: 0,
      }),
    ).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
