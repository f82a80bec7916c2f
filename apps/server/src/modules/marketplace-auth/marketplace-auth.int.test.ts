import http from 'node:http';
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplaceId } from '@listloop/domain';
import type { TestClient } from '../../../test/client';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { OAuthRefusedError, type OAuthProvider, type TokenSet } from '../../connectors/contract';
import { ConnectorError } from '../../connectors/contract';

const WEB_AUTH_URL = '/api/user/auth/web-auth-url';

/**
 * An authorization server in memory that keeps the promises a real one keeps: a code is good
 * once and only with the verifier of the challenge it was issued for, refresh tokens rotate,
 * and a refused refresh token says so. The flow under test is ours, not the marketplace's (the
 * connectors' own providers are tested against their emulators).
 */
class TestAuthorizationServer implements OAuthProvider {
  readonly usesPkce = true;
  readonly challenges = new Map<string, string>();
  readonly refreshTokens = new Set<string>();
  refreshCalls = 0;
  expiresInMs = 60 * 60_000;

  constructor(readonly marketplace: MarketplaceId) {}

  authorizeUrl(input: { state: string; redirectUri: string; codeChallenge: string | null }) {
    const code = `code-${crypto.randomBytes(6).toString('hex')}`;
    this.challenges.set(code, input.codeChallenge ?? '');
    const url = new URL('https://auth.marketplace.test/authorize');
    url.searchParams.set('state', input.state);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('code_challenge', input.codeChallenge ?? '');
    // The test reads the code the "seller" would bring back from here.
    url.searchParams.set('test_code', code);
    return url.toString();
  }

  private issue(): TokenSet {
    const refreshToken = `refresh-${crypto.randomBytes(8).toString('hex')}`;
    this.refreshTokens.add(refreshToken);
    return {
      accessToken: `access-${crypto.randomBytes(12).toString('hex')}`,
      refreshToken,
      expiresAt: Date.now() + this.expiresInMs,
      refreshTokenExpiresAt: null,
      externalAccountId: 'seller-77',
      scope: 'listings_w',
    };
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null }) {
    const challenge = this.challenges.get(input.code);
    this.challenges.delete(input.code);
    const expected = crypto
      .createHash('sha256')
      .update(input.codeVerifier ?? '')
      .digest('base64url');
    if (!challenge || challenge !== expected) {
      throw new OAuthRefusedError('invalid_grant', this.marketplace);
    }
    return this.issue();
  }

  async refresh(refreshToken: string) {
    this.refreshCalls += 1;
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (!this.refreshTokens.delete(refreshToken)) {
      throw new OAuthRefusedError('invalid_grant', this.marketplace);
    }
    return this.issue();
  }
}

describe('connecting a marketplace by OAuth', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;
  const etsy = new TestAuthorizationServer('etsy');

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    server.container.oauthProviders.register(etsy);
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  /** Starts an authorization and comes back from the "marketplace" with its code. */
  const connect = async (client: TestClient, query = '') => {
    const started = await client.get(
      `${WEB_AUTH_URL}?marketplace=etsy&redirect=/app/marketplaces${query}`,
    );
    expect(started.status, started.text).toBe(200);
    const url = new URL(started.body.url as string);
    const state = url.searchParams.get('state')!;
    const code = url.searchParams.get('test_code')!;
    const back = await client.get(
      `/api/user/auth/callback/etsy?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    );
    return { url, state, code, back };
  };

  it('sends the marketplace back to the server’s own address, never to the request’s Host', async () => {
    // fetch sends the URL's own Host; a client writing another is what node:http lets a test do.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(
          `${server.baseUrl}${WEB_AUTH_URL}?marketplace=etsy&redirect=/app/marketplaces`,
          { headers: { host: 'attacker.example', cookie: owner.cookieHeader } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        )
        .on('error', reject);
    });
    expect(answer.status, answer.body).toBe(200);
    const url = (JSON.parse(answer.body) as { url: string }).url;
    const redirectUri = new URL(url).searchParams.get('redirect_uri');
    expect(redirectUri).toBe(`${server.container.publicUrl}/api/user/auth/callback/etsy`);
  });

  it('round trip: authorize URL with state and PKCE, callback stores the tokens sealed', async () => {
    const { url, state, code, back } = await connect(owner);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/user\/auth\/callback\/etsy$/);
    expect(state.length).toBeGreaterThanOrEqual(43);
    expect(back.status).toBe(302);
    const location = new URL(back.headers.get('location')!, 'http://app.test');
    expect(location.pathname).toBe('/app/marketplaces');
    expect(location.searchParams.get('connected')).toBe('etsy');
    const connectionId = location.searchParams.get('connection')!;

    const list = await owner.get('/api/rest/v1/enterprise/connection');
    const connection = list.body.connections.find((c: any) => c.id === connectionId);
    expect(connection).toMatchObject({
      marketplace: 'etsy',
      nickname: 'seller-77',
      status: 'connected',
      externalAccountId: 'seller-77',
    });
    expect(connection.credentialHint).toHaveLength(4);
    const [sealed] = await queryRows<{ ciphertext: string }>(
      server,
      sql`SELECT ciphertext FROM marketplace_credentials WHERE connection_id = ${connectionId}`,
    );
    expect(sealed!.ciphertext).not.toContain('access-');
    expect(sealed!.ciphertext).not.toContain('refresh-');

    // The same state and code again: refused, and nothing changes.
    const replay = await owner.get(
      `/api/user/auth/callback/etsy?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    );
    expect(replay.status).toBe(302);
    expect(
      new URL(replay.headers.get('location')!, 'http://x').searchParams.get('connectError'),
    ).toMatch(/expired or was already used/);
  });

  it('connecting the same seller account again reuses its connection', async () => {
    const first = await connect(owner);
    const second = await connect(owner);
    const idOf = (r: typeof first) =>
      new URL(r.back.headers.get('location')!, 'http://x').searchParams.get('connection');
    expect(idOf(second)).toBe(idOf(first));
  });

  it('refuses a redirect to another site, an unknown state, and a marketplace without keys', async () => {
    for (const redirect of ['//evil.example/x', 'https://evil.example', '/\\evil.example']) {
      const response = await owner.get(
        `${WEB_AUTH_URL}?marketplace=etsy&redirect=${encodeURIComponent(redirect)}`,
      );
      expect(response.status, redirect).toBe(400);
      expect(response.body.message).toMatch(/path of this app/);
    }
    const noKeys = await owner.get(`${WEB_AUTH_URL}?marketplace=whatnot`);
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.message).toMatch(/no Whatnot app keys configured/);

    const unknown = await owner.get('/api/user/auth/callback/etsy?code=x&state=not-a-state');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toMatch(/^\/app\/import\?connectError=/);

    const started = await owner.get(`${WEB_AUTH_URL}?marketplace=etsy`);
    const state = new URL(started.body.url as string).searchParams.get('state')!;
    const refused = await owner.get(
      `/api/user/auth/callback/etsy?error=access_denied&error_description=${encodeURIComponent('The user denied access')}&state=${state}`,
    );
    expect(
      new URL(refused.headers.get('location')!, 'http://x').searchParams.get('connectError'),
    ).toBe('Etsy did not connect your account (The user denied access).');
  });

  it('a state begun by another account is not accepted there', async () => {
    const started = await owner.get(`${WEB_AUTH_URL}?marketplace=etsy`);
    const url = new URL(started.body.url as string);
    const other = await createAccount(server);
    const intruder = await signIn(server, other);
    const back = await intruder.get(
      `/api/user/auth/callback/etsy?code=${url.searchParams.get('test_code')}&state=${url.searchParams.get('state')}`,
    );
    expect(back.headers.get('location')).toMatch(/connectError=/);
    expect((await intruder.get('/api/rest/v1/enterprise/connection')).body.connections).toEqual([]);
  });

  it('tokens: refreshed ahead of expiry once for concurrent callers; a refused refresh asks to reconnect', async () => {
    const other = await createAccount(server);
    const client = await signIn(server, other);
    etsy.expiresInMs = 60_000; // inside the refresh-ahead window
    const { back } = await connect(client);
    etsy.expiresInMs = 60 * 60_000;
    const connectionId = new URL(back.headers.get('location')!, 'http://x').searchParams.get(
      'connection',
    )!;
    const tokens = server.container.services.connectionTokens;
    const scope = { accountId: other.accountId, userId: other.userId };
    const before = etsy.refreshCalls;
    const [a, b] = await Promise.all([tokens.token(scope, 'etsy'), tokens.token(scope, 'etsy')]);
    expect(etsy.refreshCalls - before).toBe(1);
    expect(a.accessToken).toBe(b.accessToken);
    expect(a.connectionId).toBe(connectionId);
    // Fresh now: no further refresh.
    expect((await tokens.token(scope, 'etsy')).accessToken).toBe(a.accessToken);
    expect(etsy.refreshCalls - before).toBe(1);

    // The marketplace rejects the token (401): one refresh, with the rotated refresh token.
    const renewed = await tokens.refreshAfterRejection(scope, 'etsy', a.accessToken);
    expect(renewed.accessToken).not.toBe(a.accessToken);
    // A late second rejection of the old token uses the new one, without refreshing again.
    const late = await tokens.refreshAfterRejection(scope, 'etsy', a.accessToken);
    expect(late.accessToken).toBe(renewed.accessToken);
    expect(etsy.refreshCalls - before).toBe(2);

    // The marketplace stops accepting the refresh token: reconnect.
    etsy.refreshTokens.clear();
    const refused = await tokens.refreshAfterRejection(scope, 'etsy', renewed.accessToken).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConnectorError);
    expect((refused as ConnectorError).transient).toBe(false);
    expect((refused as ConnectorError).message).toBe(
      "Reconnect your Etsy account in Marketplaces: Etsy no longer accepts ListLoop's access.",
    );
    const list = await client.get('/api/rest/v1/enterprise/connection');
    expect(list.body.connections[0]).toMatchObject({ id: connectionId, status: 'needs_reconnect' });
    const none = await tokens.token(scope, 'etsy').then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(none?.message).toBe(
      'Not connected: connect your Etsy account in Marketplaces, then try again.',
    );

    // Reconnecting the same connection makes it usable again.
    const again = await connect(client, `&connectionId=${connectionId}`);
    expect(again.back.headers.get('location')).toContain(`connection=${connectionId}`);
    expect((await tokens.token(scope, 'etsy')).connectionId).toBe(connectionId);

    // A refusal of tokens read before that reconnection does not mark the reconnected connection.
    const repository = server.container.repositories.connections;
    const row = { accountId: other.accountId, connectionId };
    const stale = await repository.markNeedsReconnectIf({ ...row, ciphertext: 'read-before' });
    expect(stale).toBe(false);
    expect(
      (await client.get('/api/rest/v1/enterprise/connection')).body.connections[0],
    ).toMatchObject({ id: connectionId, status: 'connected' });
    const current = await server.container.services.credentials.credentialsFor(
      other.accountId,
      connectionId,
    );
    expect(await repository.markNeedsReconnectIf({ ...row, ciphertext: current!.version })).toBe(
      true,
    );
    expect(
      (await client.get('/api/rest/v1/enterprise/connection')).body.connections[0],
    ).toMatchObject({ id: connectionId, status: 'needs_reconnect' });
  });
});
