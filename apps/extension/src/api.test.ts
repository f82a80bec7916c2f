import { describe, expect, it } from 'vitest';
import { createApiClient, serverOrigin, type FetchLike } from './api';

const who = {
  tokenId: 'tok_1',
  name: 'Work laptop',
  userName: 'Ada Lovelace',
  email: 'ada@example.com',
  accountId: 'acc_1',
  companyName: 'Ada’s shop',
  marketplaces: ['poshmark', 'mercari'],
};

function fakeFetch(status: number, body: unknown) {
  const calls: { input: string; init: RequestInit }[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    calls.push({ input, init });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { calls, fetchImpl };
}

describe('the API client', () => {
  it('asks /executor/me with the bearer token and never with cookies', async () => {
    const { calls, fetchImpl } = fakeFetch(200, who);
    const result = await createApiClient(fetchImpl).whoAmI('https://ll.example', 'secret');
    expect(result).toEqual({ kind: 'ok', who });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.input).toBe('https://ll.example/api/rest/v1/executor/me');
    expect(calls[0]?.init.credentials).toBe('omit');
    expect(calls[0]?.init.headers).toMatchObject({ authorization: 'Bearer secret' });
  });

  it('reads a 401 as unpaired, with the server’s message', async () => {
    const { fetchImpl } = fakeFetch(401, {
      code: 'auth/executor-unpaired',
      message: 'This browser was unpaired.',
    });
    expect(await createApiClient(fetchImpl).whoAmI('https://ll.example', 'old')).toEqual({
      kind: 'unpaired',
      message: 'This browser was unpaired.',
    });
  });

  it('keeps other failures apart from unpairing', async () => {
    const { fetchImpl } = fakeFetch(503, { message: 'Down for maintenance' });
    expect(await createApiClient(fetchImpl).whoAmI('https://ll.example', 't')).toEqual({
      kind: 'failed',
      message: 'Down for maintenance',
    });
    const unreachable = createApiClient(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await unreachable.whoAmI('https://ll.example', 't')).toMatchObject({
      kind: 'failed',
      message: expect.stringContaining('Failed to fetch'),
    });
  });

  it('refuses an answer of the wrong shape', async () => {
    const { fetchImpl } = fakeFetch(200, { tokenId: 'x' });
    expect((await createApiClient(fetchImpl).whoAmI('https://ll.example', 't')).kind).toBe(
      'failed',
    );
  });

  it('takes only http(s) server addresses, as origins', () => {
    expect(serverOrigin('https://ll.example/some/path')).toBe('https://ll.example');
    expect(serverOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(serverOrigin('chrome-extension://abc')).toBeNull();
    expect(serverOrigin('not a url')).toBeNull();
  });
});
