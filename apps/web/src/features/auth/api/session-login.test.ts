import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { SESSION_LOGIN_PATH, sessionLogin } from './session-login';

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status });
}

const credentials = { email: 'seller@example.com', password: 'correct horse' };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sessionLogin (spec §7)', () => {
  it('posts the credentials once when the server accepts them', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await sessionLogin(credentials, 0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe(SESSION_LOGIN_PATH);
    expect(JSON.parse(String(init.body))).toEqual(credentials);
    expect(init.credentials).toBe('same-origin');
  });

  it('retries up to 2 times on 5xx, then warns and fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => jsonResponse(500, { code: 'server/internal' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionLogin(credentials, 0)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(warn).toHaveBeenCalledWith('Error creating cookie session', expect.any(ApiError));
  });

  it('does not retry wrong credentials', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () =>
      jsonResponse(401, { statusCode: 401, code: 'auth/login-fail', message: 'No' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const error = await sessionLogin(credentials, 0).catch((e: unknown) => e);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((error as ApiError).code).toBe('auth/login-fail');
    expect(warn).toHaveBeenCalledWith('Error creating cookie session', error);
  });

  it('does not retry a rate limit', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetchMock = vi.fn(async () => jsonResponse(429, { code: 'auth/too-many-attempts' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionLogin(credentials, 0)).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('recovers when a retry succeeds', async () => {
    const fetchMock = vi
      .fn<() => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(sessionLogin(credentials, 0)).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
