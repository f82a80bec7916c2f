import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client';
import { connectMarketplace } from '../../../test/connections';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const TOKENS = '/api/executor-tokens';
const CLAIM = '/api/rest/v1/executor/claim';
/** The extension's own origin: its requests carry it, and never a cookie. */
const EXTENSION_ORIGIN = 'chrome-extension://mkpfgbdjmonaipijfnkphbaolekngaog';

/**
 * Pairing the browser extension (decision 0039): an executor token acts as the member who
 * paired it, on the executor routes and the listing reports only, and stops at revocation.
 */
describe('executor tokens: pairing the browser extension', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  /** The extension: its origin, its bearer token, no cookie jar of ListLoop's. */
  const extension = (token: string) => {
    const client = new TestClient(server.baseUrl, { origin: EXTENSION_ORIGIN });
    const auth = { authorization: `Bearer ${token}` };
    return {
      claim: (marketplaces: string[] = ['poshmark']) =>
        client.request('POST', CLAIM, { body: { marketplaces }, headers: auth }),
      get: (path: string) => client.get(path, auth),
    };
  };
  const pair = async (client: TestClient, name = 'Chrome on Linux') => {
    const created = await client.post(TOKENS, { name });
    expect(created.status, created.text).toBe(201);
    return created.body as { token: string; executorToken: { id: string; lastUsedAt: null } };
  };

  it('pairs a browser: the token is shown once, kept as a hash, and works on the executor routes', async () => {
    const { token, executorToken } = await pair(owner);
    expect(token).toMatch(/^llx_[A-Za-z0-9_-]{43}$/);
    expect(executorToken).toMatchObject({ name: 'Chrome on Linux', lastUsedAt: null });
    const [stored] = await queryRows<{ token_hash: string }>(
      server,
      sql`SELECT token_hash FROM executor_tokens WHERE id = ${executorToken.id}`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(4));

    const me = await extension(token).get('/api/rest/v1/executor/me');
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({
      tokenId: executorToken.id,
      name: 'Chrome on Linux',
      userName: 'Ada Seller',
      email: account.email,
      accountId: account.accountId,
      marketplaces: [],
    });
    // The marketplaces it works on are those the seller connected for the extension to work.
    await connectMarketplace(owner, 'mercari');
    await connectMarketplace(owner, 'poshmark');
    await connectMarketplace(owner, 'vinted', { status: 'needs_reconnect' });
    await connectMarketplace(owner, 'ebay');
    const after = await extension(token).get('/api/rest/v1/executor/me');
    expect(after.body.marketplaces).toEqual(['poshmark', 'mercari']);
    // A signed-in session is not the extension.
    expect((await owner.get('/api/rest/v1/executor/me')).status).toBe(404);

    const claimed = await extension(token).claim();
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.body).toEqual({ operations: [] });

    const listed = await owner.get(TOKENS);
    expect(listed.status).toBe(200);
    const mine = listed.body.executorTokens.find((t: { id: string }) => t.id === executorToken.id);
    expect(mine.lastUsedAt).not.toBeNull();
    expect(mine.userName).toBe('Ada Seller');
    expect(JSON.stringify(listed.body)).not.toContain(token);
  });

  it('refuses the token on every route that is not the executor’s, and changes nothing', async () => {
    const { token } = await pair(owner);
    const ext = extension(token);
    const items = await ext.get('/api/account/item?limit=5');
    expect(items.status).toBe(403);
    expect(items.body.code).toBe('auth/executor-scope');
    const created = await new TestClient(server.baseUrl, { origin: EXTENSION_ORIGIN }).request(
      'POST',
      TOKENS,
      { body: { name: 'A second browser' }, headers: { authorization: `Bearer ${token}` } },
    );
    expect(created.status).toBe(403);
    expect(created.body.code).toBe('auth/executor-scope');
    const session = await ext.get('/api/rest/v1/auth/session');
    expect(session.status).toBe(403);
  });

  it('a revoked, unknown or malformed token stops at its next request with a clear reason', async () => {
    const { token, executorToken } = await pair(owner);
    expect((await extension(token).claim()).status).toBe(200);
    const revoked = await owner.delete(`${TOKENS}/${executorToken.id}`);
    expect(revoked.status, revoked.text).toBe(200);
    expect(revoked.body.executorToken.revokedAt).not.toBeNull();

    for (const bad of [token, `llx_${'A'.repeat(43)}`, 'llx_short', 'not-a-token']) {
      const refused = await extension(bad).claim();
      expect(refused.status, bad).toBe(401);
      expect(refused.body.code).toBe('auth/executor-unpaired');
      expect(refused.body.message).toMatch(/no longer paired/);
    }
    // Revoking again changes nothing.
    const again = await owner.delete(`${TOKENS}/${executorToken.id}`);
    expect(again.body.executorToken.revokedAt).toBe(revoked.body.executorToken.revokedAt);
  });

  it('acts within the pairing member’s role, and stops when they leave the team', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const viewerClient = await signIn(server, viewer);
    const { token } = await pair(viewerClient, 'Viewer laptop');
    const claim = await extension(token).claim();
    expect(claim.status).toBe(403);
    expect(claim.body.code).toBe('auth/forbidden');

    const lister = await addMember(server, account);
    const { token: listerToken } = await pair(await signIn(server, lister));
    expect((await extension(listerToken).claim()).status).toBe(200);
    await queryRows(
      server,
      sql`UPDATE account_users SET status = 'inactive' WHERE user_id = ${lister.userId}`,
    );
    const gone = await extension(listerToken).claim();
    expect(gone.status).toBe(401);
    expect(gone.body.code).toBe('auth/executor-unpaired');
  });

  it('members see and unpair their own browsers; the marketplaces manager sees everyone’s', async () => {
    const viewer = await addMember(server, account, { roleId: account.viewerRoleId });
    const viewerClient = await signIn(server, viewer);
    const own = await pair(viewerClient, 'Viewer phone');
    const ownersBrowser = await pair(owner, 'Owner desktop');

    const seenByViewer = (await viewerClient.get(TOKENS)).body.executorTokens as { id: string }[];
    expect(seenByViewer.map((t) => t.id)).toContain(own.executorToken.id);
    expect(seenByViewer.map((t) => t.id)).not.toContain(ownersBrowser.executorToken.id);
    const refused = await viewerClient.delete(`${TOKENS}/${ownersBrowser.executorToken.id}`);
    expect(refused.status).toBe(404);
    expect((await extension(ownersBrowser.token).claim()).status).toBe(200);

    const seenByOwner = (await owner.get(TOKENS)).body.executorTokens as { id: string }[];
    expect(seenByOwner.map((t) => t.id)).toContain(own.executorToken.id);
    expect((await owner.delete(`${TOKENS}/${own.executorToken.id}`)).status).toBe(200);
  });

  it('another account’s browsers are not found, and its token does not reach this account', async () => {
    const other = await createAccount(server);
    const otherClient = await signIn(server, other);
    const theirs = await pair(otherClient, 'Their browser');
    expect((await owner.delete(`${TOKENS}/${theirs.executorToken.id}`)).status).toBe(404);
    const ours = (await owner.get(TOKENS)).body.executorTokens as { id: string }[];
    expect(ours.map((t) => t.id)).not.toContain(theirs.executorToken.id);
    // Their token still works for them: unpairing is theirs to do.
    expect((await extension(theirs.token).claim()).status).toBe(200);
  });

  it('refuses a bad name with a reason, and a cookie session still needs its Origin', async () => {
    for (const name of ['', '   ', 'x'.repeat(81)]) {
      const bad = await owner.post(TOKENS, { name });
      expect(bad.status, name).toBe(400);
    }
    expect((await owner.post(TOKENS, { name: 'ok', extra: 1 })).status).toBe(400);
    const forged = new TestClient(server.baseUrl, { origin: 'https://evil.example' });
    const response = await forged.request('POST', TOKENS, {
      body: { name: 'forged' },
      headers: { cookie: owner.cookieHeader },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('auth/csrf');
  });
});
