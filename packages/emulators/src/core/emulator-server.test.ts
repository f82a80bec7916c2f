import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { EmulatorServer, type ApiErrorFormat, type RunningEmulator } from './emulator-server';
import { empty, json } from './http';
import { OAuthServer } from './oauth-server';

const PETS = fileURLToPath(new URL('./fixtures/pets.openapi.json', import.meta.url));

const errors: ApiErrorFormat = {
  invalidRequest: (messages) => json(400, { problem: 'invalid', messages }),
  unknownOperation: () => json(404, { problem: 'no such resource' }),
  notImplemented: () => json(501, { problem: 'not implemented' }),
  unauthorized: (reason) => json(401, { problem: 'unauthorized', reason }),
  forbidden: () => json(403, { problem: 'forbidden' }),
  fault: (fault) =>
    fault.kind === 'rate-limit'
      ? json(429, { problem: 'slow down' }, { 'retry-after': String(fault.retryAfterSeconds) })
      : json(fault.status, { problem: fault.kind }),
};

const CLIENT = {
  clientId: 'app',
  clientSecret: 'secret',
  redirects: { 'https://app.example/cb': 'https://app.example/cb' },
};

describe('EmulatorServer', () => {
  let clock: ManualClock;
  let server: EmulatorServer;
  let oauth: OAuthServer;
  let running: RunningEmulator;
  let token: string;
  const pets = new Map<string, Record<string, unknown>>();
  let answerBadly = false;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    server = new EmulatorServer({ name: 'Pets', clock });
    oauth = new OAuthServer(server, {
      marketplace: 'Pets',
      authorizePath: '/authorize',
      tokenPath: '/token',
      clients: [CLIENT],
      clientAuthentication: 'basic',
      pkce: 'none',
      accessTokenTtlSeconds: 7200,
      refreshTokenTtlSeconds: 3600 * 24 * 30,
      authorizationCodeTtlSeconds: 300,
      rotateRefreshTokens: false,
      answerRefreshTokenExpiry: true,
      refreshRequiresScope: false,
      scopes: ['pets.read', 'pets.write'],
      tokenType: 'Bearer',
      user: { userId: 'u1', username: 'seller' },
    });
    pets.clear();
    answerBadly = false;
    await server.mountOpenApi({
      name: 'pets',
      descriptionFile: PETS,
      basePath: '/api/v1',
      errors,
      handlers: {
        getPet: (ctx) => {
          const pet = pets.get(ctx.params.petId ?? '');
          if (!pet) return json(404, { problem: 'no pet' });
          return json(200, answerBadly ? { ...pet, age: 'old' } : pet);
        },
        putPet: (ctx) => {
          pets.set(ctx.params.petId ?? '', ctx.json as Record<string, unknown>);
          return empty(204);
        },
      },
    });
    running = await server.listen();
    token = oauth.issueTokens().access_token;
  });

  afterEach(async () => {
    await running.close();
  });

  const call = (path: string, init: RequestInit = {}, bearer: string | null = token) =>
    fetch(`${running.url}${path}`, {
      ...init,
      headers: {
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });

  it('answers a valid request and records no violation; path parameters arrive decoded', async () => {
    const put = await call('/api/v1/pets/a%20b', {
      method: 'PUT',
      headers: { 'content-language': 'en-US' },
      body: JSON.stringify({ id: 'a b', name: 'Rex', owner: { name: 'Ann' } }),
    });
    expect(put.status).toBe(204);
    const get = await call('/api/v1/pets/a%20b');
    expect(await get.json()).toEqual({ id: 'a b', name: 'Rex', owner: { name: 'Ann' } });
    expect(server.violations).toEqual([]);
  });

  it('refuses a request its description does not allow, in the API’s format, and records it', async () => {
    const response = await call('/api/v1/pets/p1', {
      method: 'PUT',
      body: JSON.stringify({ id: 'p1', age: 'three' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { messages: string[] };
    expect(body.messages.join(' ')).toMatch(/content-language/);
    expect(body.messages.join(' ')).toMatch(/name/);
    expect(body.messages.join(' ')).toMatch(/requestBody\.age must be integer/);
    expect(server.violations).toHaveLength(1);
    expect(server.violations[0]).toMatchObject({ direction: 'request', operationId: 'putPet' });
    expect(pets.size).toBe(0);
  });

  it('records an answer its description does not allow (an emulator bug)', async () => {
    pets.set('p1', { id: 'p1', name: 'Rex' });
    answerBadly = true;
    const response = await call('/api/v1/pets/p1');
    expect(response.status).toBe(200);
    expect(server.violations).toMatchObject([
      {
        direction: 'response',
        operationId: 'getPet',
        status: 200,
        messages: ['age must be integer'],
      },
    ]);
  });

  it('records operations the emulator does not carry out and paths the API does not have', async () => {
    expect((await call('/api/v1/pets')).status).toBe(501);
    expect((await call('/api/v1/cats/1')).status).toBe(404);
    expect(server.violations.map((v) => v.operationId)).toEqual(['listPets', null]);
  });

  it('refuses a missing, unknown or expired token, and a token without the scope', async () => {
    expect((await call('/api/v1/pets/p1', {}, null)).status).toBe(401);
    expect(server.violations).toHaveLength(1);
    expect((await call('/api/v1/pets/p1', {}, 'nope')).status).toBe(401);
    const readOnly = oauth.issueTokens('app', ['pets.read']).access_token;
    const put = await call(
      '/api/v1/pets/p1',
      {
        method: 'PUT',
        headers: { 'content-language': 'en' },
        body: JSON.stringify({ id: 'p1', name: 'x' }),
      },
      readOnly,
    );
    expect(put.status).toBe(403);
    clock.advance(7200 * 1000);
    const expired = await call('/api/v1/pets/p1');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ problem: 'unauthorized', reason: 'expired' });
    expect(server.violations).toHaveLength(1);
  });

  it('injects faults on the next calls: 429 with Retry-After, 5xx, 401, a dropped connection', async () => {
    pets.set('p1', { id: 'p1', name: 'Rex' });
    server.faults.inject({ kind: 'rate-limit', count: 2, retryAfterSeconds: 7 });
    const first = await call('/api/v1/pets/p1');
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('7');
    expect((await call('/api/v1/pets/p1')).status).toBe(429);
    expect((await call('/api/v1/pets/p1')).status).toBe(200);

    server.faults.inject({ kind: 'server-error', status: 503 });
    expect((await call('/api/v1/pets/p1')).status).toBe(503);
    server.faults.inject({ kind: 'expired-token', operationId: 'getPet' });
    expect((await call('/api/v1/pets/p1')).status).toBe(401);
    server.faults.inject({ kind: 'disconnect' });
    await expect(call('/api/v1/pets/p1')).rejects.toThrow();
    expect((await call('/api/v1/pets/p1')).status).toBe(200);
    expect(server.violations).toEqual([]);
  });

  it('takes faults and resets through the HTTP control surface', async () => {
    pets.set('p1', { id: 'p1', name: 'Rex' });
    const injected = await fetch(`${running.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'server-error', count: 1 }),
    });
    expect(injected.status).toBe(201);
    expect((await call('/api/v1/pets/p1')).status).toBe(500);
    await call('/api/v1/pets/p1', {}, null);
    const listed = (await (await fetch(`${running.url}/__emulator/violations`)).json()) as {
      violations: unknown[];
    };
    expect(listed.violations).toHaveLength(1);
    await fetch(`${running.url}/__emulator/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 7200 * 1000 }),
    });
    expect((await call('/api/v1/pets/p1')).status).toBe(401);
    expect((await fetch(`${running.url}/__emulator/reset`, { method: 'POST' })).status).toBe(204);
    expect(server.violations).toEqual([]);
  });

  it('works mounted by a host under a prefix: links use the public base URL', async () => {
    server.setPublicBaseUrl('https://demo.example/sandbox/pets/');
    expect(server.baseUrl()).toBe('https://demo.example/sandbox/pets');
  });
});

describe('OAuthServer', () => {
  let clock: ManualClock;
  let server: EmulatorServer;
  let oauth: OAuthServer;
  let running: RunningEmulator;
  const basic = `Basic ${Buffer.from('app:secret').toString('base64')}`;

  const start = async (overrides: Partial<ConstructorParameters<typeof OAuthServer>[1]> = {}) => {
    clock = new ManualClock(Date.UTC(2026, 0, 1));
    server = new EmulatorServer({ name: 'Pets', clock });
    oauth = new OAuthServer(server, {
      marketplace: 'Pets',
      authorizePath: '/authorize',
      tokenPath: '/token',
      clients: [CLIENT],
      clientAuthentication: 'basic',
      pkce: 'none',
      accessTokenTtlSeconds: 7200,
      refreshTokenTtlSeconds: 3600,
      authorizationCodeTtlSeconds: 300,
      rotateRefreshTokens: false,
      answerRefreshTokenExpiry: true,
      refreshRequiresScope: false,
      scopes: ['pets.read'],
      tokenType: 'Bearer',
      user: { userId: 'u1', username: 'seller' },
      ...overrides,
    });
    running = await server.listen();
  };

  afterEach(async () => {
    await running.close();
  });

  const authorize = async (params: Record<string, string>) => {
    const url = new URL(`${running.url}/authorize`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return fetch(url, { redirect: 'manual' });
  };
  const token = (form: Record<string, string>, auth: string | null = basic) =>
    fetch(`${running.url}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(auth ? { authorization: auth } : {}),
      },
      body: new URLSearchParams(form).toString(),
    });

  it('runs the authorization-code and refresh grants', async () => {
    await start();
    const redirect = await authorize({
      client_id: 'app',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      scope: 'pets.read',
      state: 's1',
    });
    expect(redirect.status).toBe(302);
    const back = new URL(redirect.headers.get('location') ?? '');
    expect(back.origin + back.pathname).toBe('https://app.example/cb');
    expect(back.searchParams.get('state')).toBe('s1');
    const code = back.searchParams.get('code') ?? '';

    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://app.example/cb',
    });
    expect(issued.status).toBe(200);
    const tokens = (await issued.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({
      token_type: 'Bearer',
      expires_in: 7200,
      refresh_token_expires_in: 3600,
    });

    const reused = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://app.example/cb',
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refreshed.status).toBe(200);
    const again = (await refreshed.json()) as Record<string, unknown>;
    expect(again.access_token).not.toBe(tokens.access_token);

    oauth.revokeRefreshTokens();
    const refused = await token({
      grant_type: 'refresh_token',
      refresh_token: String(tokens.refresh_token),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_grant' });
    expect(server.violations).toEqual([]);
  });

  it('refuses an expired refresh token and records malformed token requests', async () => {
    await start();
    const { refresh_token: refresh } = oauth.issueTokens();
    clock.advance(3601 * 1000);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: refresh ?? '' })).status,
    ).toBe(400);
    expect(server.violations).toEqual([]);
    expect((await token({ grant_type: 'refresh_token', refresh_token: 'x' }, null)).status).toBe(
      401,
    );
    expect((await token({ grant_type: 'password' })).status).toBe(400);
    expect(server.violations.map((v) => v.api)).toEqual(['oauth', 'oauth']);
  });

  it('refuses an unregistered redirect and shows a consent page when asked', async () => {
    await start({ consentPage: true });
    const wrong = await authorize({
      client_id: 'app',
      redirect_uri: 'https://evil.example',
      response_type: 'code',
    });
    expect(wrong.status).toBe(400);
    expect(server.violations).toHaveLength(1);
    const consent = await authorize({
      client_id: 'app',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      state: 'xyz',
    });
    expect(consent.status).toBe(200);
    expect(await consent.text()).toContain('Allow');
    const allowed = await fetch(`${running.url}/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'app',
        redirect_uri: 'https://app.example/cb',
        response_type: 'code',
        state: 'xyz',
        decision: 'allow',
      }).toString(),
    });
    expect(allowed.status).toBe(303);
    expect(new URL(allowed.headers.get('location') ?? '').searchParams.get('code')).toBeTruthy();
  });

  it('requires PKCE (S256) when configured, and rotates refresh tokens', async () => {
    await start({ pkce: 'required', clientAuthentication: 'body', rotateRefreshTokens: true });
    const verifier = 'a-verifier-of-enough-length-0123456789-abcdefghij';
    const { createHash } = await import('node:crypto');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const redirect = await authorize({
      client_id: 'app',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const form = {
      client_id: 'app',
      client_secret: 'secret',
      redirect_uri: 'https://app.example/cb',
    };
    const wrong = await token(
      { ...form, grant_type: 'authorization_code', code, code_verifier: 'wrong' },
      null,
    );
    expect(wrong.status).toBe(400);
    const redirect2 = await authorize({
      client_id: 'app',
      redirect_uri: 'https://app.example/cb',
      response_type: 'code',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const code2 = new URL(redirect2.headers.get('location') ?? '').searchParams.get('code') ?? '';
    const ok = await token(
      { ...form, grant_type: 'authorization_code', code: code2, code_verifier: verifier },
      null,
    );
    expect(ok.status).toBe(200);
    const first = (await ok.json()) as { refresh_token: string };
    const rotated = await token(
      { ...form, grant_type: 'refresh_token', refresh_token: first.refresh_token },
      null,
    );
    const second = (await rotated.json()) as { refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const old = await token(
      { ...form, grant_type: 'refresh_token', refresh_token: first.refresh_token },
      null,
    );
    expect(old.status).toBe(400);
    expect(server.violations).toEqual([]);
  });
});
