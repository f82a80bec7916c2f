import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXECUTOR_STALE_AFTER_MS } from '@listloop/domain';
import { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const PRESENCE = '/api/rest/v1/executor/presence';
const CLAIM = '/api/rest/v1/executor/claim';
/** The extension's own origin: its requests carry it, and never a cookie. */
const EXTENSION_ORIGIN = 'chrome-extension://mkpfgbdjmonaipijfnkphbaolekngaog';

interface Seen {
  marketplace: string;
  lastSeenAt: string;
  signedIn: boolean;
  paused: boolean;
  tokenId: string | null;
  tokenName: string | null;
  active: boolean;
}

/**
 * The extension's presence per marketplace (decision 0041): what it reports on each look and
 * each claim, read back by the member's web app, stale after ten minutes of silence.
 */
describe('executor presence: whether a paired browser is at work on each marketplace', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server);
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  /** A browser paired by `client`: its token, and requests made with it as the extension does. */
  const pair = async (client: TestClient, name: string) => {
    const created = await client.post('/api/executor-tokens', { name });
    expect(created.status, created.text).toBe(201);
    const token = created.body.token as string;
    const extension = new TestClient(server.baseUrl, { origin: EXTENSION_ORIGIN });
    const headers = { authorization: `Bearer ${token}` };
    return {
      id: created.body.executorToken.id as string,
      report: (body: unknown) => extension.request('PUT', PRESENCE, { body, headers }),
      claim: (marketplaces: string[]) =>
        extension.request('POST', CLAIM, { body: { marketplaces }, headers }),
      read: () => extension.request('GET', PRESENCE, { headers }),
    };
  };
  const presenceOf = async (client: TestClient) => {
    const read = await client.get(PRESENCE);
    expect(read.status, read.text).toBe(200);
    expect(read.body.staleAfterMs).toBe(EXECUTOR_STALE_AFTER_MS);
    return read.body.marketplaces as Seen[];
  };
  /** Moves the user's last look at a marketplace `ms` into the past. */
  const lookedAgo = (userId: string, marketplace: string, ms: number) =>
    queryRows(
      server,
      sql`UPDATE executor_presence
          SET last_seen_at = now() - make_interval(secs => ${ms / 1000})
          WHERE user_id = ${userId} AND marketplace = ${marketplace}`,
    );

  it('a report shows, per marketplace, with the browser that sent it; stale after ten minutes', async () => {
    const chrome = await pair(owner, 'Chrome on Linux');
    const before = Date.now();
    const reported = await chrome.report({
      executorId: 'chrome-1',
      marketplaces: [
        { marketplace: 'mercari', signedIn: false },
        { marketplace: 'poshmark', signedIn: true },
      ],
    });
    expect(reported.status, reported.text).toBe(204);
    expect(reported.text).toBe('');

    const seen = await presenceOf(owner);
    // In the catalogue's order, whatever the report's.
    expect(seen).toEqual([
      {
        marketplace: 'poshmark',
        lastSeenAt: expect.any(String),
        signedIn: true,
        paused: false,
        tokenId: chrome.id,
        tokenName: 'Chrome on Linux',
        active: true,
      },
      expect.objectContaining({
        marketplace: 'mercari',
        signedIn: false,
        paused: false,
        tokenName: 'Chrome on Linux',
        active: true,
      }),
    ]);
    const at = Date.parse(seen[0]!.lastSeenAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    const [row] = await queryRows<{ executor_id: string }>(
      server,
      sql`SELECT executor_id FROM executor_presence
          WHERE user_id = ${account.userId} AND marketplace = 'poshmark'`,
    );
    expect(row!.executor_id).toBe('chrome-1');

    // Nine minutes of silence is still at work; eleven is not.
    await lookedAgo(account.userId, 'poshmark', 9 * 60_000);
    await lookedAgo(account.userId, 'mercari', 11 * 60_000);
    const later = await presenceOf(owner);
    expect(later.map((m) => [m.marketplace, m.active])).toEqual([
      ['poshmark', true],
      ['mercari', false],
    ]);

    // The next look makes it active again, and says the seller paused it.
    const paused = await chrome.report({
      marketplaces: [{ marketplace: 'mercari', signedIn: true }],
      paused: true,
    });
    expect(paused.status, paused.text).toBe(204);
    const again = await presenceOf(owner);
    expect(again.find((m) => m.marketplace === 'mercari')).toMatchObject({
      signedIn: true,
      paused: true,
      active: true,
    });
  });

  it('a claim is a look at its extension marketplaces, signed in and not paused', async () => {
    const edge = await pair(owner, 'Edge on Windows');
    const claimed = await edge.claim(['depop', 'grailed', 'ebay']);
    expect(claimed.status, claimed.text).toBe(200);
    const seen = await presenceOf(owner);
    for (const marketplace of ['depop', 'grailed']) {
      expect(seen.find((m) => m.marketplace === marketplace)).toMatchObject({
        signedIn: true,
        paused: false,
        tokenId: edge.id,
        tokenName: 'Edge on Windows',
        active: true,
      });
    }
    // eBay is an API marketplace: no browser works it, so it has no presence.
    expect(seen.map((m) => m.marketplace)).not.toContain('ebay');

    // The latest look wins, whichever browser made it; a signed-in session names no browser.
    const fromSession = await owner.put(PRESENCE, {
      marketplaces: [{ marketplace: 'depop', signedIn: false }],
    });
    expect(fromSession.status, fromSession.text).toBe(204);
    expect((await presenceOf(owner)).find((m) => m.marketplace === 'depop')).toMatchObject({
      signedIn: false,
      tokenId: null,
      tokenName: null,
      active: true,
    });
  });

  it('each member reads their own browsers only, and only from the web app', async () => {
    const lister = await addMember(server, account);
    const listerClient = await signIn(server, lister);
    expect(await presenceOf(listerClient)).toEqual([]);
    const theirs = await pair(listerClient, 'Lister laptop');
    expect(
      (await theirs.report({ marketplaces: [{ marketplace: 'vinted', signedIn: true }] })).status,
    ).toBe(204);
    expect((await presenceOf(listerClient)).map((m) => m.marketplace)).toEqual(['vinted']);
    expect((await presenceOf(owner)).map((m) => m.marketplace)).not.toContain('vinted');

    // The extension reports; reading is the web app's, so a token is refused there.
    const read = await theirs.read();
    expect(read.status).toBe(403);
    expect(read.body.code).toBe('auth/executor-scope');
  });

  it('refuses a bad report with what is wrong, and records nothing of it', async () => {
    const firefox = await pair(owner, 'Firefox');
    const bad: [unknown, string][] = [
      [{ marketplaces: [{ marketplace: 'ebay', signedIn: true }] }, 'marketplaces.0.marketplace'],
      [{ marketplaces: [{ marketplace: 'vinted' }] }, 'marketplaces.0.signedIn'],
      [
        {
          marketplaces: [
            { marketplace: 'vinted', signedIn: true },
            { marketplace: 'vinted', signedIn: false },
          ],
        },
        'marketplaces',
      ],
      [{}, 'marketplaces'],
      [{ marketplaces: [], paused: 'yes' }, 'paused'],
    ];
    for (const [body, field] of bad) {
      const refused = await firefox.report(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('request/invalid');
      expect(refused.body.issues.map((i: { path: string }) => i.path)).toEqual([field]);
    }
    const duplicate = await firefox.report(bad[2]![0]);
    expect(duplicate.body.message).toBe('marketplaces: Name each marketplace once.');
    const rows = await queryRows<{ n: number }>(
      server,
      sql`SELECT count(*)::int AS n FROM executor_presence WHERE token_id = ${firefox.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
