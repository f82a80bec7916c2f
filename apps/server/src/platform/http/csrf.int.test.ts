import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { newId } from '../ids';

const FOREIGN = 'https://evil.example';

interface RawAnswer {
  status: number;
  body: { code?: string; message?: string } | null;
}

/**
 * A request whose path goes out exactly as written: fetch would resolve `/api/../api/…` and
 * some clients collapse `//`, but an attacker's page or script need not.
 */
function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        // One connection per request: a refused request's unread body must not meet the next.
        agent: false,
        method,
        path,
        headers: {
          ...headers,
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: RawAnswer['body'] = null;
          try {
            parsed = text ? (JSON.parse(text) as RawAnswer['body']) : null;
          } catch {
            parsed = null;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** A path of the route table with every parameter filled in, so the router matches it. */
function concretePath(url: string): string {
  return url
    .replace(/:[A-Za-z]+/g, 'x0000000000000000000001')
    .replace(/\*/g, 'x')
    .replace(/\/+$/, '');
}

/** The same path with its first letter percent-encoded: `/api/…` becomes `/%61pi/…`. */
function encodedFirstLetter(path: string): string {
  const letter = path.charAt(1);
  return `/%${letter.charCodeAt(0).toString(16)}${path.slice(2)}`;
}

describe('CSRF: the Origin check follows the route the router matched', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  const labelsPath = () => `/api/account/label/${account.userId}`;
  const labelNames = async () =>
    (
      await queryRows<{ name: string }>(
        server,
        sql`SELECT name FROM labels WHERE account_id = ${account.accountId}`,
      )
    ).map((row) => row.name);

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('refuses a label posted from a foreign origin through encoded, doubled or dotted paths', async () => {
    const path = labelsPath();
    const variants = [
      encodedFirstLetter(path),
      path.replace('/label/', '/%6Cabel/'),
      `/${path}`,
      `/api/..${path}`,
      `/api/./${path.slice('/api/'.length)}`,
      path.replace('/api/', '/api//'),
    ];
    for (const [index, variant] of variants.entries()) {
      const forged = await rawRequest(
        server.baseUrl,
        'POST',
        variant,
        { cookie: owner.cookieHeader, origin: FOREIGN },
        { name: `forged ${index}` },
      );
      // Whatever the router makes of the path, a foreign page never creates the label: either
      // the router finds the route and the Origin check refuses it, or it finds none (404).
      expect([403, 404], `${variant}: ${forged.status}`).toContain(forged.status);
      if (forged.status === 403) expect(forged.body?.code).toBe('auth/csrf');
      const bare = await rawRequest(
        server.baseUrl,
        'POST',
        variant,
        { cookie: owner.cookieHeader },
        { name: `no origin ${index}` },
      );
      expect([403, 404], `${variant} without Origin: ${bare.status}`).toContain(bare.status);
    }
    // The encoded form reaches the route (our own origin creates through it), so it is the
    // Origin check that refused the forged one, not the router.
    const encoded = encodedFirstLetter(path);
    const forged = await rawRequest(
      server.baseUrl,
      'POST',
      encoded,
      { cookie: owner.cookieHeader, origin: FOREIGN },
      { name: 'forged encoded' },
    );
    expect(forged.status).toBe(403);
    expect(forged.body?.code).toBe('auth/csrf');
    const ours = await rawRequest(
      server.baseUrl,
      'POST',
      encoded,
      { cookie: owner.cookieHeader, origin: server.baseUrl },
      { name: 'encoded path' },
    );
    expect(ours.status).toBe(201);
    expect(await labelNames()).toEqual(['encoded path']);
  });

  it('checks the integration credentials routes: PUT and DELETE with a foreign or no Origin', async () => {
    const connectionId = newId();
    const connected = await owner.put(`/api/rest/v1/enterprise/connection/${connectionId}`, {
      marketplace: 'grailed',
      nickname: 'Grailed shop',
    });
    expect(connected.status, connected.text).toBe(201);
    const put = (token: string) => ({
      connectionId,
      credentials: { marketplaceAccount: { marketplaceID: 'grailed' }, token },
    });
    const stored = async () =>
      queryRows<{ connection_id: string }>(
        server,
        sql`SELECT connection_id FROM marketplace_credentials WHERE account_id = ${account.accountId} AND marketplace = 'grailed'`,
      );
    const base = '/integration-grailed/v1/credentials';
    const forms = [base, encodedFirstLetter(base), `/${base}`];

    for (const path of forms) {
      for (const origin of [FOREIGN, null]) {
        const headers = { cookie: owner.cookieHeader, ...(origin ? { origin } : {}) };
        const forged = await rawRequest(
          server.baseUrl,
          'PUT',
          path,
          headers,
          put('grailed-forged-token'),
        );
        expect([403, 404], `PUT ${path} from ${origin}`).toContain(forged.status);
        if (path !== `/${base}`) expect(forged.body?.code).toBe('auth/csrf');
      }
    }
    expect(await stored()).toEqual([]);

    const ours = await owner.put(base, put('grailed-genuine-token'));
    expect(ours.status, ours.text).toBe(200);
    expect(await stored()).toHaveLength(1);

    const target = `${base}/${account.accountId}`;
    for (const path of [target, encodedFirstLetter(target)]) {
      for (const origin of [FOREIGN, null]) {
        const headers = { cookie: owner.cookieHeader, ...(origin ? { origin } : {}) };
        const forged = await rawRequest(server.baseUrl, 'DELETE', path, headers);
        expect(forged.status, `DELETE ${path} from ${origin}`).toBe(403);
        expect(forged.body?.code).toBe('auth/csrf');
      }
    }
    expect(await stored()).toHaveLength(1);
    expect((await owner.delete(target)).status).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it('refuses every state-changing route from a foreign origin, as written and encoded', async () => {
    const changing = server.routes.filter(
      (route) => !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
    );
    // Signed instead: the marketplaces post webhooks from their own servers, with no cookie.
    const signed = changing.filter((route) => route.url.startsWith('/webhook/'));
    expect(signed.map((route) => route.url).sort()).toEqual(['/webhook/depop', '/webhook/shopify']);
    const checked = changing.filter((route) => !signed.includes(route));
    expect(checked.some((route) => route.url.startsWith('/integration-'))).toBe(true);
    const missed: string[] = [];
    for (const route of checked) {
      const path = concretePath(route.url);
      for (const form of [path, encodedFirstLetter(path)]) {
        const answer = await rawRequest(
          server.baseUrl,
          route.method,
          form,
          { cookie: owner.cookieHeader, origin: FOREIGN },
          {},
        );
        if (answer.status !== 403 || answer.body?.code !== 'auth/csrf') {
          missed.push(`${route.method} ${form}: ${answer.status} ${answer.body?.code ?? ''}`);
        }
      }
    }
    expect(missed).toEqual([]);

    // The webhooks take a foreign Origin (their signature decides), and still refuse the forgery.
    for (const route of signed) {
      const answer = await rawRequest(
        server.baseUrl,
        'POST',
        route.url,
        { cookie: owner.cookieHeader, origin: FOREIGN },
        {},
      );
      expect(answer.body?.code, route.url).not.toBe('auth/csrf');
      expect([401, 404], route.url).toContain(answer.status);
    }
  });

  it('still accepts our own origin and API clients that send neither cookie nor Origin', async () => {
    const app = await signIn(server, account);
    const created = await app.post(labelsPath(), { name: 'from the app' });
    expect(created.status, created.text).toBe(201);
    const scripted = new TestClient(server.baseUrl, { origin: null });
    const scriptedSignIn = await scripted.post('/api/rest/v1/auth/session_login', {
      email: account.email,
      password: account.password,
    });
    expect(scriptedSignIn.status, scriptedSignIn.text).toBe(200);
  });
});
