import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TestClient } from '../../../test/client';
import { addMember, createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';
import { startSmtpReceiver, type SmtpReceiver } from '../../../test/smtp-receiver';
import { waitUntil } from '../../../test/wait';

const LOGIN = '/api/rest/v1/auth/session_login';
const LOGOUT = '/api/rest/v1/auth/logout';
const SESSION = '/api/rest/v1/auth/session';
const UPDATE_PASSWORD = '/api/rest/v1/enterprise/account-users/update-password';
const INVITE = (userId: string) => `/api/rest/v1/enterprise/account-users/${userId}/invite`;

/** A browser at another loopback address: the server sees another client address. */
const browserAt = (server: TestServer, address: string) =>
  new TestClient(server.baseUrl, { localAddress: address });

describe('sign-in limits at their defaults', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('counts each attempt before the password is hashed: 200 concurrent guesses get 10 evaluated', async () => {
    const victim = await createAccount(server);
    const { auth } = server.container.services;
    const evaluate = auth.signIn.bind(auth);
    // Each password evaluation is held until every attempt of the burst is either answered or
    // being evaluated, as a burst meets a slow hash: the limit must hold before any finishes.
    let evaluating = 0;
    let answered = 0;
    const evaluated = vi.spyOn(auth, 'signIn').mockImplementation(async (...args) => {
      evaluating += 1;
      while (evaluating + answered < 200) await new Promise((wake) => setTimeout(wake, 20));
      return evaluate(...args);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const answer = await new TestClient(server.baseUrl).post(LOGIN, {
            email: victim.email,
            password: `wrong-guess-${i}`,
          });
          answered += 1;
          return answer;
        }),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(evaluated).toHaveBeenCalledTimes(10);
      expect(statuses.filter((status) => status === 401)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(190);
      const refused = answers.find((answer) => answer.status === 429);
      expect(refused?.body.code).toBe('auth/too-many-attempts');
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused?.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    } finally {
      evaluated.mockRestore();
    }
  }, 300_000);
});

describe('sign-in limits per e-mail and address, and known devices', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { LOGIN_MAX_PER_EMAIL: '3', LOGIN_MAX_PER_EMAIL_TOTAL: '6', LOGIN_MAX_PER_IP: '1000' },
    });
  });
  afterAll(() => server.close());

  async function guess(client: TestClient, who: AccountFixture, times: number) {
    for (let i = 0; i < times; i += 1) {
      expect((await client.post(LOGIN, { email: who.email, password: `guess-${i}` })).status).toBe(
        401,
      );
    }
  }

  it('limits one e-mail from one address, not the same e-mail from elsewhere nor the address for others', async () => {
    const victim = await createAccount(server);
    const other = await createAccount(server);
    const attacker = browserAt(server, '127.0.0.2');
    await guess(attacker, victim, 3);
    const blocked = await attacker.post(LOGIN, { email: victim.email, password: victim.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('auth/too-many-attempts');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const elsewhere = await browserAt(server, '127.0.0.3').post(LOGIN, {
      email: victim.email,
      password: victim.password,
    });
    expect(elsewhere.status).toBe(200);
    const anotherEmail = await attacker.post(LOGIN, {
      email: other.email,
      password: other.password,
    });
    expect(anotherEmail.status).toBe(200);
  });

  it('lets the owner in from their known browser while other addresses exhaust the e-mail', async () => {
    const owner = await createAccount(server);
    const ownBrowser = await signIn(server, owner);
    expect(ownBrowser.cookieHeader).toMatch(/listloop\.device=/);
    expect((await ownBrowser.post(LOGOUT)).status).toBe(204);
    // The device cookie outlives the session: it names the browser, not a sign-in.
    expect(ownBrowser.cookieHeader).toMatch(/listloop\.device=/);

    await guess(browserAt(server, '127.0.0.4'), owner, 3);
    await guess(browserAt(server, '127.0.0.5'), owner, 3);
    // Six failures for the e-mail from unknown browsers: any unknown browser is refused now…
    const fresh = await browserAt(server, '127.0.0.6').post(LOGIN, {
      email: owner.email,
      password: owner.password,
    });
    expect(fresh.status).toBe(429);
    // …but the owner's own browser, with the right password, is let in.
    const known = await ownBrowser.post(LOGIN, { email: owner.email, password: owner.password });
    expect(known.status).toBe(200);
    expect((await ownBrowser.get(SESSION)).status).toBe(200);
  });

  it('limits wrong passwords from a known browser too, on that browser alone', async () => {
    const owner = await createAccount(server);
    const ownBrowser = await signIn(server, owner);
    await guess(ownBrowser, owner, 3);
    const blocked = await ownBrowser.post(LOGIN, { email: owner.email, password: owner.password });
    expect(blocked.status).toBe(429);
    // The e-mail from other addresses is untouched by the browser's failures.
    const elsewhere = await browserAt(server, '127.0.0.7').post(LOGIN, {
      email: owner.email,
      password: owner.password,
    });
    expect(elsewhere.status).toBe(200);
  });

  it('takes a device cookie only for the user it was issued to, and only as it was signed', async () => {
    const owner = await createAccount(server);
    const someoneElse = await createAccount(server);
    const theirBrowser = await signIn(server, someoneElse);
    const device = /listloop\.device=([^;]+)/.exec(theirBrowser.cookieHeader)?.[1] ?? '';
    const [id, secret] = device.split('.');
    await guess(browserAt(server, '127.0.0.8'), owner, 3);
    await guess(browserAt(server, '127.0.0.9'), owner, 3);
    for (const cookie of [device, `${id}.${secret}.forged-signature`]) {
      const response = await new TestClient(server.baseUrl).request('POST', LOGIN, {
        body: { email: owner.email, password: owner.password },
        headers: { cookie: `listloop.device=${cookie}` },
      });
      expect(response.status).toBe(429);
    }
  });

  it('ignores X-Forwarded-For when no trusted proxy is configured', async () => {
    const victim = await createAccount(server);
    for (let i = 0; i < 3; i += 1) {
      const response = await new TestClient(server.baseUrl).request('POST', LOGIN, {
        body: { email: victim.email, password: `guess-${i}` },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      expect(response.status).toBe(401);
    }
    const spoofed = await new TestClient(server.baseUrl).request('POST', LOGIN, {
      body: { email: victim.email, password: victim.password },
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(spoofed.status).toBe(429);
  });

  it('the hourly purge removes counters whose window is over and devices past their expiry', async () => {
    const owner = await createAccount(server);
    await signIn(server, owner);
    await guess(browserAt(server, '127.0.0.10'), owner, 1);
    const { db } = server.container.database;
    await db.execute(sql`update login_counters set reset_at = now() - interval '1 minute'`);
    await db.execute(
      sql`update known_devices set expires_at = now() - interval '1 minute' where user_id = ${owner.userId}`,
    );
    const { queue, jobs } = server.container;
    const jobId = await queue.send(jobs.purgeExpiredSessions, {});
    await waitUntil(
      async () =>
        (await queue.getJob(jobs.purgeExpiredSessions.name, jobId!))?.state === 'completed',
    );
    const [left] = await queryRows<{ counters: number; devices: number }>(
      server,
      sql`select (select count(*)::int from login_counters) as counters,
                 (select count(*)::int from known_devices where user_id = ${owner.userId}) as devices`,
    );
    expect(left).toEqual({ counters: 0, devices: 0 });
  });
});

describe('a password change ends the other sessions', () => {
  let server: TestServer;
  let smtp: SmtpReceiver;
  let owner: AccountFixture;
  beforeAll(async () => {
    // An invitation goes by e-mail, so this server has somewhere to send it.
    smtp = await startSmtpReceiver();
    server = await startTestServer({
      env: { LOGIN_MAX_PER_IP: '1000', SMTP_URL: smtp.url, MAIL_FROM: 'team@listloop.test' },
    });
    owner = await createAccount(server);
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('signs out every other session of the user and keeps the one that changed it', async () => {
    const here = await signIn(server, owner);
    const elsewhere = await signIn(server, owner);
    const someoneElse = await signIn(server, await createAccount(server));
    const changed = await here.put(UPDATE_PASSWORD, {
      password: 'a-brand-new-secret',
      currentPassword: owner.password,
    });
    expect(changed.status).toBe(200);
    expect((await here.get(SESSION)).status).toBe(200);
    const ended = await elsewhere.get(SESSION);
    expect(ended.status).toBe(401);
    expect(ended.body.code).toBe('auth/user-logged-out');
    expect((await someoneElse.get(SESSION)).status).toBe(200);
    const again = await new TestClient(server.baseUrl).post(LOGIN, {
      email: owner.email,
      password: 'a-brand-new-secret',
    });
    expect(again.status).toBe(200);
  });

  it('a wrong current password changes nothing and ends no session', async () => {
    const account = await createAccount(server);
    const here = await signIn(server, account);
    const elsewhere = await signIn(server, account);
    const refused = await here.put(UPDATE_PASSWORD, {
      password: 'a-brand-new-secret',
      currentPassword: 'not-the-password',
    });
    expect(refused.status).toBe(400);
    expect((await elsewhere.get(SESSION)).status).toBe(200);
  });

  it('a fresh invitation ends the sessions opened with the old temporary password', async () => {
    const account = await createAccount(server);
    const admin = await signIn(server, account);
    const member = await addMember(server, account, { status: 'pending' });
    const memberBrowser = await signIn(server, member);
    expect((await memberBrowser.get(SESSION)).status).toBe(200);
    expect((await admin.post(INVITE(member.userId))).status).toBe(200);
    expect((await memberBrowser.get(SESSION)).status).toBe(401);
    expect((await admin.get(SESSION)).status).toBe(200);
  });
});
