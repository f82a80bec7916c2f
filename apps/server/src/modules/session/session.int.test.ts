import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FEATURE_FLAGS,
  HELP_TEXT_KEYS,
  PERMISSION_KEYS,
  SessionStateSchema,
} from '@listloop/domain';
import { createAccount, signIn, type AccountFixture } from '../../../test/fixtures';
import { startTestServer, type TestServer } from '../../../test/server';

describe('session state', () => {
  let server: TestServer;
  let account: AccountFixture;

  beforeAll(async () => {
    server = await startTestServer();
    account = await createAccount(server, {
      companyName: 'Thrift & Shift',
      accountFeatureFlags: { onboardingRework: true },
    });
  });
  afterAll(() => server.close());

  it('holds the fields of spec §3 for the signed-in user', async () => {
    const client = await signIn(server, account);
    const response = await client.get('/api/rest/v1/auth/session');
    expect(response.status).toBe(200);
    const state = SessionStateSchema.parse(response.body);
    expect(state).toMatchObject({
      status: 'logged-in',
      accessLevel: 'member',
      accountId: account.accountId,
      email: account.email,
      userId: account.userId,
      accountName: 'listloop',
      locale: 'en-US',
      currentAccountUser: {
        accountId: account.accountId,
        userId: account.userId,
        status: 'active',
        role: account.adminRoleId,
      },
      details: {
        firstName: 'Ada',
        lastName: 'Seller',
        fullName: 'Ada Seller',
        countryCode: 'US',
        crossEnvUserId: '',
      },
      accountFeatureFlags: { onboardingRework: true },
      saleDetection: {},
      role: { id: account.adminRoleId, name: 'admin', isProtected: true },
      helpTextSeen: { status: 'loaded' },
      account: {
        companyName: 'Thrift & Shift',
        status: 'active',
        creationSource: 'admin',
        isSlackAlertsBySaleDetectionEnabled: false,
        usage: { removeBackgroundImage: 0 },
        currency: 'USD',
        config: {
          features: {
            isMultiVariantsEnabled: false,
            pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
          },
          shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
        },
      },
    });
    expect(state.accountUsers).toEqual([
      {
        accountId: account.accountId,
        accountName: 'listloop',
        companyName: 'Thrift & Shift',
        status: 'active',
        accessLevel: 'member',
      },
    ]);
    expect(Object.keys(state.helpTextSeen.data).sort()).toEqual([...HELP_TEXT_KEYS].sort());
    expect(Object.values(state.helpTextSeen.data).every((seen) => seen === false)).toBe(true);
    expect(Object.keys(state.permissions).sort()).toEqual([...PERMISSION_KEYS].sort());
    // Flags: every known flag is resolved; the account's own flag and the always-on ones are on.
    expect(Object.keys(state.featureFlags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(state.featureFlags.onboardingRework).toBe(true);
    expect(state.featureFlags.countryUS).toBe(true);
    expect(state.featureFlags.newPricing).toBe(false);
    // Nothing secret leaves the server.
    expect(JSON.stringify(response.body)).not.toMatch(
      /"(temporaryPassword|password|token|sessionToken)"\s*:/,
    );
  });

  it.each([
    ['UK', 'GBP'],
    ['IT', 'EUR'],
  ] as const)(
    'an account opened by an owner in %s keeps its amounts in %s',
    async (countryCode, currency) => {
      const opened = await createAccount(server, { countryCode });
      const client = await signIn(server, opened);
      const state = SessionStateSchema.parse((await client.get('/api/rest/v1/auth/session')).body);
      expect(state.account.currency).toBe(currency);
      expect(state.details.countryCode).toBe(countryCode);
    },
  );

  it('marks a help text as seen, once and for all, for this user only', async () => {
    const client = await signIn(server, account);
    const response = await client.put('/api/user/help-text-seen/labelManager');
    expect(response.status).toBe(200);
    expect(response.body.helpTextSeen.labelManager).toBe(true);
    expect((await client.put('/api/user/help-text-seen/labelManager')).status).toBe(200);
    const state = (await client.get('/api/rest/v1/auth/session')).body;
    expect(state.helpTextSeen.data.labelManager).toBe(true);
    expect(state.helpTextSeen.data.profile).toBe(false);

    const other = await createAccount(server);
    const otherState = (await (await signIn(server, other)).get('/api/rest/v1/auth/session')).body;
    expect(otherState.helpTextSeen.data.labelManager).toBe(false);
  });

  it('refuses an unknown help text key', async () => {
    const client = await signIn(server, account);
    const response = await client.put('/api/user/help-text-seen/notAThing');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('request/invalid');
  });
});
