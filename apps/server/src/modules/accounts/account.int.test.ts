import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSettingsSchema, SessionStateSchema } from '@listloop/domain';
import { TestClient } from '../../../test/client';
import {
  addMember,
  createAccount,
  PASSWORD,
  signIn,
  uniqueEmail,
  type AccountFixture,
} from '../../../test/fixtures';
import { queryRows, startTestServer, type TestServer } from '../../../test/server';

const SIGN_UP = '/api/account';

function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    companyName: '  Second Chance Threads ',
    firstName: ' Rosa ',
    lastName: 'Parker',
    email: uniqueEmail('signup'),
    password: PASSWORD,
    countryCode: 'UK',
    ...overrides,
  };
}

describe('sign-up (POST /api/account)', () => {
  let server: TestServer;
  /** Each test signs up from its own address, so the per-address limit counts them apart. */
  const from = (n: number) =>
    new TestClient(server?.baseUrl ?? '', { localAddress: `127.0.0.${n}` });

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '6' } });
  });
  afterAll(() => server.close());

  it('opens an account whose owner holds the protected admin role, then signs in', async () => {
    const body = signUpBody();
    const client = from(2);
    const created = await client.post(SIGN_UP, body);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      accountId: expect.any(String),
      userId: expect.any(String),
      email: body.email,
    });
    expect(created.body.accountId.length).toBeGreaterThanOrEqual(20);
    expect(created.body.userId.length).toBeGreaterThanOrEqual(20);
    // No session from the sign-up itself.
    expect(client.hasCookies()).toBe(false);

    const login = await client.post('/api/rest/v1/auth/session_login', {
      email: body.email,
      password: body.password,
    });
    expect(login.status).toBe(200);
    const state = SessionStateSchema.parse((await client.get('/api/rest/v1/auth/session')).body);
    expect(state).toMatchObject({
      accountId: created.body.accountId,
      userId: created.body.userId,
      currentAccountUser: { status: 'active', accessLevel: 'member' },
      account: {
        companyName: 'Second Chance Threads',
        creationSource: 'enterprise',
        currency: 'GBP',
        accountFeatureFlags: { onboardingRework: true },
      },
      details: { firstName: 'Rosa', lastName: 'Parker', countryCode: 'UK' },
    });
    expect(state.featureFlags.onboardingRework).toBe(true);

    const [owner] = await queryRows<{ is_owner: boolean; name: string; is_protected: boolean }>(
      server,
      sql`select au.is_owner, r.name, r.is_protected from account_users au
          join roles r on r.id = au.role
          where au.account_id = ${created.body.accountId} and au.user_id = ${created.body.userId}`,
    );
    expect(owner).toEqual({ is_owner: true, name: 'admin', is_protected: true });
    const roles = await queryRows<{ name: string }>(
      server,
      sql`select name from roles where account_id = ${created.body.accountId} order by name`,
    );
    expect(roles.map((r) => r.name)).toEqual(['admin', 'viewer']);
  });

  it('defaults the country to US and its currency to USD', async () => {
    const { countryCode: _left, ...body } = signUpBody();
    const created = await from(3).post(SIGN_UP, body);
    expect(created.status).toBe(201);
    const [row] = await queryRows<{ currency: string }>(
      server,
      sql`select currency from accounts where account_id = ${created.body.accountId}`,
    );
    expect(row?.currency).toBe('USD');
  });

  it('refuses an e-mail that already has a sign-in, in any case, and changes nothing', async () => {
    const existing = await createAccount(server);
    const before = await queryRows<{ n: number }>(
      server,
      sql`select count(*)::int as n from accounts`,
    );
    const refused = await from(4).post(
      SIGN_UP,
      signUpBody({ email: existing.email.toUpperCase(), password: 'another-password-1' }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'account/email-taken',
      message: expect.stringContaining('already has a ListLoop sign-in'),
    });
    const after = await queryRows<{ n: number }>(
      server,
      sql`select count(*)::int as n from accounts`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
    // The existing sign-in still works with its own password, not the one sent.
    await signIn(server, existing);
    const wrong = await new TestClient(server.baseUrl, { localAddress: '127.0.0.4' }).post(
      '/api/rest/v1/auth/session_login',
      { email: existing.email, password: 'another-password-1' },
    );
    expect(wrong.status).toBe(401);
  });

  it('answers bad input with 400 and a message per field', async () => {
    const client = from(5);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ companyName: '   ' }, 'companyName', /Company name is required/],
      [{ firstName: '' }, 'firstName', /First name is required/],
      [{ email: 'not-an-email' }, 'email', /valid e-mail/],
      [{ password: 'short' }, 'password', /at least 10 characters/],
      [{ countryCode: 'FR' }, 'countryCode', /one of US, UK, ES, IT/],
    ];
    for (const [override, path, message] of cases) {
      const response = await client.post(SIGN_UP, signUpBody(override));
      expect(response.status, path).toBe(400);
      expect(response.body.issues).toContainEqual({
        path,
        message: expect.stringMatching(message),
      });
    }
  });

  it('limits sign-ups per address with 429 and Retry-After', async () => {
    const client = from(6);
    const answers: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      answers.push((await client.post(SIGN_UP, signUpBody({ password: 'short' }))).status);
    }
    expect(answers.slice(0, 6)).toEqual([400, 400, 400, 400, 400, 400]);
    const blocked = await client.post(SIGN_UP, signUpBody());
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('request/too-many');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await from(7).post(SIGN_UP, signUpBody())).status).toBe(201);
  });
});

describe('account settings (GET and PUT /api/account)', () => {
  let server: TestServer;
  let account: AccountFixture;
  let owner: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000' } });
    account = await createAccount(server, { companyName: 'Rewind Records' });
    owner = await signIn(server, account);
  });
  afterAll(() => server.close());

  it('shows the settings with the spec’s defaults', async () => {
    const response = await owner.get(SIGN_UP);
    expect(response.status).toBe(200);
    expect(AccountSettingsSchema.parse(response.body)).toMatchObject({
      accountId: account.accountId,
      companyName: 'Rewind Records',
      config: {
        features: {
          isMultiVariantsEnabled: false,
          pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
        },
        shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
      },
      isSlackAlertsBySaleDetectionEnabled: false,
      slackWebhookConfigured: false,
      creationSource: 'admin',
      status: 'active',
      currency: 'USD',
    });
  });

  it('saves only what is sent, strips unknown fields, and keeps the rest', async () => {
    const saved = await owner.put(SIGN_UP, {
      companyName: '  Rewind Records Ltd ',
      config: {
        features: { pickingList: { isEnabled: true, verificationMethod: 'via_barcode' } },
        shopify: { webhooksAvailable: ['PRODUCTS_UPDATE', 'ORDERS_CREATE', 'ORDERS_CREATE'] },
      },
      status: 'inactive',
      accountFeatureFlags: { everything: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      companyName: 'Rewind Records Ltd',
      status: 'active',
      config: {
        features: {
          isMultiVariantsEnabled: false,
          pickingList: { isEnabled: true, verificationMethod: 'via_barcode' },
        },
        shopify: { webhooksAvailable: ['ORDERS_CREATE', 'PRODUCTS_UPDATE'] },
      },
    });
    const second = await owner.put(SIGN_UP, {
      config: { features: { isMultiVariantsEnabled: true } },
    });
    expect(second.body.config).toEqual({
      features: {
        isMultiVariantsEnabled: true,
        pickingList: { isEnabled: true, verificationMethod: 'via_barcode' },
      },
      shopify: { webhooksAvailable: ['ORDERS_CREATE', 'PRODUCTS_UPDATE'] },
    });
    const [row] = await queryRows<{ account_feature_flags: Record<string, boolean> }>(
      server,
      sql`select account_feature_flags from accounts where account_id = ${account.accountId}`,
    );
    expect(row?.account_feature_flags).toEqual({});
  });

  it('honours multi-variants where items take variants', async () => {
    await owner.put(SIGN_UP, { config: { features: { isMultiVariantsEnabled: false } } });
    expect((await owner.get('/api/account/variants/options')).body.enabled).toBe(false);
    await owner.put(SIGN_UP, { config: { features: { isMultiVariantsEnabled: true } } });
    expect((await owner.get('/api/account/variants/options')).body.enabled).toBe(true);
  });

  it('refuses bad values with 400 and a message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ companyName: '' }, /Company name is required/],
      [{ config: { shopify: { webhooksAvailable: [] } } }, /at least one Shopify webhook/],
      [{ config: { shopify: { webhooksAvailable: ['ORDERS_PAID'] } } }, /Shopify webhooks must/],
      [
        { config: { features: { pickingList: { verificationMethod: 'via_magic' } } } },
        /via_photo or via_barcode/,
      ],
      [{ isSlackAlertsBySaleDetectionEnabled: 'yes' }, /./],
    ];
    for (const [body, message] of cases) {
      const response = await owner.put(SIGN_UP, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toMatch(message);
    }
  });

  it('keeps Slack alerts off until a webhook is stored, and reads one switch everywhere', async () => {
    const refused = await owner.put(SIGN_UP, {
      companyName: 'Not saved',
      isSlackAlertsBySaleDetectionEnabled: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues[0].path).toBe('webhookUrl');
    expect((await owner.get(SIGN_UP)).body.companyName).not.toBe('Not saved');

    const slack = await owner.put('/api/rest/v1/enterprise/account/slack', {
      enabled: false,
      webhookUrl: 'https://hooks.slack.com/services/T000/B000/XXXXXXXX',
    });
    expect(slack.status).toBe(200);
    const on = await owner.put(SIGN_UP, { isSlackAlertsBySaleDetectionEnabled: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      isSlackAlertsBySaleDetectionEnabled: true,
      slackWebhookConfigured: true,
    });
    const notifications = await owner.get('/api/rest/v1/enterprise/account/slack');
    expect(notifications.body).toMatchObject({ enabled: true, webhookConfigured: true });
  });

  it('lets a member without account.manage read but not save', async () => {
    const role = (
      await owner.put('/api/rest/v1/enterprise/roles', {
        name: 'listers',
        permissions: { 'items.read': true },
      })
    ).body.data;
    const lister = await addMember(server, account, { roleId: role.id });
    const client = await signIn(server, lister);
    expect((await client.get(SIGN_UP)).status).toBe(200);
    const refused = await client.put(SIGN_UP, { companyName: 'Taken over' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('auth/forbidden');
    expect((await owner.get(SIGN_UP)).body.companyName).not.toBe('Taken over');
  });

  it('reads and saves only the caller’s own account', async () => {
    const other = await createAccount(server, { companyName: 'Other Outlet' });
    const otherClient = await signIn(server, other);
    await otherClient.put(SIGN_UP, { companyName: 'Other Outlet Two' });
    expect((await owner.get(SIGN_UP)).body.accountId).toBe(account.accountId);
    expect((await owner.get(SIGN_UP)).body.companyName).not.toBe('Other Outlet Two');
  });
});

describe('session renewal (POST /api/user/token)', () => {
  let server: TestServer;
  let account: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer({ env: { LOGIN_MAX_PER_IP: '1000', SESSION_DAYS: '7' } });
    account = await createAccount(server);
  });
  afterAll(() => server.close());

  it('makes the session last its full length again, with the same cookie and no secret in the body', async () => {
    const client = await signIn(server, account);
    const cookieBefore = client.cookieHeader;
    // The session is about to end.
    await queryRows(
      server,
      sql`update auth_sessions set expires_at = now() + interval '1 minute'
          where user_id = ${account.userId}`,
    );
    const started = Date.now();
    const renewed = await client.post('/api/user/token');
    expect(renewed.status).toBe(200);
    expect(Object.keys(renewed.body)).toEqual(['expiresAt']);
    const expiresAt = Date.parse(renewed.body.expiresAt);
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(expiresAt).toBeGreaterThanOrEqual(started + week - 5_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + week + 5_000);

    const [row] = await queryRows<{ expires_at: string | Date }>(
      server,
      sql`select expires_at from auth_sessions where user_id = ${account.userId}`,
    );
    expect(new Date(row!.expires_at).getTime()).toBe(expiresAt);
    const setCookie = renewed.headers
      .getSetCookie()
      .filter((c) => c.startsWith('listloop.session_token='));
    expect(setCookie).toHaveLength(1);
    expect(setCookie[0]).toMatch(/Max-Age=604800/);
    expect(setCookie[0]).toMatch(/HttpOnly/);
    expect(client.cookieHeader).toBe(cookieBefore);
    expect((await client.get('/api/rest/v1/auth/session')).status).toBe(200);
  });

  it('answers 401 once the session has ended, so the web app signs out', async () => {
    const client = await signIn(server, account);
    await client.post('/api/rest/v1/auth/logout');
    const refused = await client.post('/api/user/token');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('auth/user-logged-out');
    expect((await new TestClient(server.baseUrl).post('/api/user/token')).status).toBe(401);
  });
});
