import type { SessionState } from '@listloop/domain';
import { describe, expect, it } from 'vitest';
import { toSessionStore, type SessionStore } from '../../lib/session/session-store';
import { guardRedirect, onboardingGateRedirect } from './route-guards';

const ID = 'a'.repeat(20);

function sessionState(overrides: {
  memberStatus?: 'active' | 'pending' | 'inactive';
  accountStatus?: 'active' | 'inactive';
  accountName?: string;
  email?: string;
}): SessionState {
  return {
    status: 'logged-in',
    accessLevel: 'member',
    accountId: ID,
    email: overrides.email ?? 'seller@example.com',
    userId: ID,
    marketplaceAllowedToAccess: {},
    allowedMarketplaces: [],
    brandBlacklistByMarketplace: {},
    customBrands: [],
    authKeys: { searchReadOnly: null, userRole: null },
    accountName: 'listloop',
    currentAccountUser: {
      accountId: ID,
      userId: ID,
      accessLevel: 'member',
      accountUserId: '',
      status: overrides.memberStatus ?? 'active',
      email: 'seller@example.com',
      name: '',
      role: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      showSpeechAtPhotoStep: 'disabled',
      hasTemporaryPassword: false,
    },
    accountUsers: [],
    details: {
      firstName: '',
      lastName: '',
      fullName: '',
      createdAt: '2025-01-01T00:00:00.000Z',
      featureFlags: {},
      testUserFeatures: {},
      testUserType: null,
      countryCode: 'US',
      hideSaleDetectionToggle: false,
      crossEnvUserId: '',
    },
    accountFeatureFlags: {},
    featureFlags: {},
    saleDetection: {},
    account: {
      accountId: ID,
      accountName: (overrides.accountName ?? 'listloop') as SessionState['account']['accountName'],
      companyName: 'Acme Resale',
      dateCreated: '2025-01-01T00:00:00.000Z',
      marketplaceAllowedToAccess: {},
      brandBlacklistByMarketplace: {},
      customBrands: [],
      accountFeatureFlags: {},
      status: overrides.accountStatus ?? 'active',
      customTagsSuggestionsByCategory: {},
      tagsSuggestionsByCategory: {},
      isSlackAlertsBySaleDetectionEnabled: false,
      onboarding: null,
      creationSource: 'admin',
      usage: { removeBackgroundImage: 0 },
      config: {
        features: {
          isMultiVariantsEnabled: false,
          pickingList: { isEnabled: false, verificationMethod: 'via_photo' },
        },
        shopify: { webhooksAvailable: ['ORDERS_CREATE'] },
      },
      currency: 'USD',
      timeZone: 'America/New_York',
    },
    tagsSuggestionsByCategory: {},
    role: null,
    permissions: {},
    helpTextSeen: { status: 'loaded', data: {} as SessionState['helpTextSeen']['data'] },
    locale: 'en-US',
  };
}

const active = toSessionStore(sessionState({}));
const pending = toSessionStore(sessionState({ memberStatus: 'pending' }));
const inactive = toSessionStore(sessionState({ memberStatus: 'inactive' }));
const loggedOut: SessionStore = { status: 'logged-out', reason: null };

describe('the session gate on every session change (spec §4)', () => {
  it('lets an active member of an active account continue', () => {
    expect(active.status === 'logged-in' && active.gate).toEqual({ kind: 'continue' });
  });

  it('sends a pending member to /update-password', () => {
    expect(pending.status === 'logged-in' && pending.gate).toEqual({
      kind: 'redirect',
      to: '/update-password',
    });
  });

  it('signs out an inactive member, an inactive account and an unknown edition', () => {
    expect(inactive.status === 'logged-in' && inactive.gate).toEqual({
      kind: 'signOut',
      reason: 'auth/inactive-account',
    });
    const closed = toSessionStore(sessionState({ accountStatus: 'inactive' }));
    expect(closed.status === 'logged-in' && closed.gate).toEqual({
      kind: 'signOut',
      reason: 'auth/inactive-account',
    });
    const unknown = toSessionStore(sessionState({ accountName: 'nobody' }));
    expect(unknown.status === 'logged-in' && unknown.gate).toEqual({
      kind: 'signOut',
      reason: 'auth/user-logged-out',
    });
  });

  it('signs out a session without an e-mail as a login failure', () => {
    const noEmail = toSessionStore(sessionState({ email: '' }));
    expect(noEmail.status === 'logged-in' && noEmail.gate).toEqual({
      kind: 'signOut',
      reason: 'auth/login-fail',
    });
  });
});

describe('guardRedirect', () => {
  it('waits while the session loads', () => {
    for (const access of ['public', 'pendingOnly', 'member'] as const) {
      expect(guardRedirect({ status: 'loading' }, access)).toBeNull();
    }
  });

  it('keeps signed-out visitors on public routes and out of the others', () => {
    expect(guardRedirect(loggedOut, 'public')).toBeNull();
    expect(guardRedirect(loggedOut, 'member')).toBe('/login');
    expect(guardRedirect(loggedOut, 'pendingOnly')).toBe('/login');
  });

  it('sends signed-in users away from public routes, pending ones to /update-password', () => {
    expect(guardRedirect(active, 'public')).toBe('/');
    expect(guardRedirect(pending, 'public')).toBe('/update-password');
    expect(guardRedirect(inactive, 'public')).toBeNull();
  });

  it('admits members to member routes and pending users only to /update-password', () => {
    expect(guardRedirect(active, 'member')).toBeNull();
    expect(guardRedirect(pending, 'member')).toBe('/update-password');
    expect(guardRedirect(pending, 'pendingOnly')).toBeNull();
    expect(guardRedirect(active, 'pendingOnly')).toBe('/');
  });

  it('sends a session the gate signs out to the sign-in page', () => {
    expect(guardRedirect(inactive, 'member')).toBe('/login');
    expect(guardRedirect(inactive, 'pendingOnly')).toBe('/login');
  });
});

describe('onboardingGateRedirect', () => {
  it('does nothing for the app with the flag off, and closes /onboarding', () => {
    expect(onboardingGateRedirect({ flagOn: false, approved: false, pathname: '/' })).toBeNull();
    expect(
      onboardingGateRedirect({ flagOn: false, approved: false, pathname: '/onboarding' }),
    ).toBe('/');
  });

  it('sends an account not yet approved to /onboarding with the flag on', () => {
    expect(onboardingGateRedirect({ flagOn: true, approved: false, pathname: '/' })).toBe(
      '/onboarding',
    );
    expect(onboardingGateRedirect({ flagOn: true, approved: false, pathname: '/app/import' })).toBe(
      '/onboarding',
    );
    expect(
      onboardingGateRedirect({ flagOn: true, approved: false, pathname: '/onboarding' }),
    ).toBeNull();
  });

  it('sends an approved account from /onboarding to the root', () => {
    expect(onboardingGateRedirect({ flagOn: true, approved: true, pathname: '/onboarding' })).toBe(
      '/',
    );
    expect(onboardingGateRedirect({ flagOn: true, approved: true, pathname: '/' })).toBeNull();
  });
});
