import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { createAccount, signIn, uniqueEmail, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

const LOGIN = '/api/rest/v1/auth/session_login';
const SESSION = '/api/rest/v1/auth/session';

describe('sign-in', () => {
  let server: TestServer;
  let owner: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_EMAIL: '4', LOGIN_MAX_PER_IP: '1000' } });
    owner = await createAccount(server);
  });
  afterAll(() => server.close());

  it('signs in with e-mail and password and sets an httpOnly, SameSite=Lax session cookie', async () => {
    const client = new TestClient(server.baseUrl);
    const response = await client.post(LOGIN, { email: owner.email, password: owner.password });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, redirect: null });
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith('listloop.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    // Served over http here, so the cookie must not be Secure (it would never be sent back).
    expect(cookie).not.toMatch(/Secure/i);
    const session = await client.get(SESSION);
    expect(session.status).toBe(200);
    expect(session.body.email).toBe(owner.email);
  });

  it('trims the e-mail and ignores its case', async () => {
    const client = new TestClient(server.baseUrl);
    const response = await client.post(LOGIN, {
      email: `  ${owner.email.toUpperCase()} `,
      password: owner.password,
    });
    expect(response.status).toBe(200);
  });

  it('answers a wrong password with the login-fail text', async () => {
    const response = await new TestClient(server.baseUrl).post(LOGIN, {
      email: owner.email,
      password: 'not-the-password',
    });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({
      code: 'auth/login-fail',
      message: 'The e-mail or password is not correct.',
    });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await new TestClient(server.baseUrl).post(LOGIN, {
      email: uniqueEmail(),
      password: 'whatever-it-is',
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/login-fail');
  });

  it.each([
    [{ password: 'x' }, 'email', 'Email is required'],
    [{ email: '', password: 'x' }, 'email', 'Email is required'],
    [{ email: 'not-an-email', password: 'x' }, 'email', 'Email must be a valid e-mail address'],
    [{ email: 'a@b.test' }, 'password', 'Password is required'],
    [{ email: 'a@b.test', password: '' }, 'password', 'Password is required'],
  ])('validates the form %j', async (body, path, message) => {
    const response = await new TestClient(server.baseUrl).post(LOGIN, body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('request/invalid');
    expect(response.body.issues).toContainEqual({ path, message });
  });

  it('signs out: the session ends on the server and the cookie is cleared', async () => {
    const client = await signIn(server, owner);
    const cookieBefore = client.cookieHeader;
    const response = await client.post('/api/rest/v1/auth/logout');
    expect(response.status).toBe(204);
    expect(client.cookieHeader).not.toMatch(/listloop\.session_(token|data)=/);
    // The browser stays known for the next sign-in (decision 0034).
    expect(client.cookieHeader).toMatch(/^listloop\.device=[^;]+$/);
    expect((await client.get(SESSION)).status).toBe(401);
    // The old cookie, replayed, no longer opens anything.
    const replay = await new TestClient(server.baseUrl).get(SESSION, { cookie: cookieBefore });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('auth/user-logged-out');
  });

  it('answers a request without a session with the logged-out error', async () => {
    const response = await new TestClient(server.baseUrl).get(SESSION);
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('auth/user-logged-out');
  });

  it('limits sign-in attempts per e-mail', async () => {
    const victim = await createAccount(server);
    const client = new TestClient(server.baseUrl);
    for (let i = 0; i < 4; i += 1) {
      expect(
        (await client.post(LOGIN, { email: victim.email, password: 'guess-' + i })).status,
      ).toBe(401);
    }
    const blocked = await client.post(LOGIN, { email: victim.email, password: victim.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('auth/too-many-attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another e-mail from the same address is not blocked.
    expect(
      (await client.post(LOGIN, { email: owner.email, password: owner.password })).status,
    ).toBe(200);
  });
});

describe('sign-in rate limit per IP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '3', LOGIN_MAX_PER_EMAIL: '100' } });
  });
  afterAll(() => server.close());

  it('refuses the attempt after the limit from one address, whatever the e-mail', async () => {
    const client = new TestClient(server.baseUrl);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await client.post(LOGIN, { email: uniqueEmail(), password: 'wrong-password' })).status,
      ).toBe(401);
    }
    const blocked = await client.post(LOGIN, { email: uniqueEmail(), password: 'wrong-password' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('auth/too-many-attempts');
  });
});

describe('CSRF protection', () => {
  let server: TestServer;
  let owner: AccountFixture;
  beforeAll(async () => {
    server = await startTestServer({ env: { TRUSTED_ORIGINS: 'https://app.listloop.test' } });
    owner = await createAccount(server);
  });
  afterAll(() => server.close());

  it('refuses a state-changing request with cookies from another origin', async () => {
    const client = await signIn(server, owner);
    const forged = await client.request('PUT', '/api/user/help-text-seen/profile', {
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect(forged.body.code).toBe('auth/csrf');
    const session = await client.get('/api/rest/v1/auth/session');
    expect(session.body.helpTextSeen.data.profile).toBe(false);
  });

  it('refuses a state-changing request with cookies and no Origin or Referer', async () => {
    const signedIn = await signIn(server, owner);
    const bare = new TestClient(server.baseUrl, { origin: null });
    const response = await bare.request('POST', '/api/rest/v1/auth/logout', {
      headers: { cookie: signedIn.cookieHeader },
    });
    expect(response.status).toBe(403);
    expect((await signedIn.get('/api/rest/v1/auth/session')).status).toBe(200);
  });

  it('refuses a sign-in posted from another origin (login CSRF)', async () => {
    const client = new TestClient(server.baseUrl, { origin: 'https://evil.example' });
    const response = await client.post(LOGIN, { email: owner.email, password: owner.password });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('accepts our own origin, a configured trusted origin and a same-origin Referer', async () => {
    const client = await signIn(server, owner);
    expect(
      (
        await client.request('PUT', '/api/user/help-text-seen/profile', {
          headers: { origin: 'https://app.listloop.test' },
        })
      ).status,
    ).toBe(200);
    const byReferer = new TestClient(server.baseUrl, { origin: null });
    const response = await byReferer.request('PUT', '/api/user/help-text-seen/import', {
      headers: { cookie: client.cookieHeader, referer: `${server.baseUrl}/app/import` },
    });
    expect(response.status).toBe(200);
  });

  it('lets reads through from anywhere (they change nothing)', async () => {
    const client = await signIn(server, owner);
    const response = await client.request('GET', '/api/rest/v1/auth/session', {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });
});
