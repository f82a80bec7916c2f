import { describe, expect, it } from 'vitest';
import {
  decideGate,
  type GateDecision,
  type GateInput,
  ONBOARDING_ROUTE,
  onboardingRedirect,
  pendingRoute,
} from './gating';
import { ACCOUNT_NAMES } from '../accounts/account.schema';

/** A user who should be let through: signed in, e-mail present, active membership, active account. */
function gate(overrides: Partial<GateInput> = {}): GateInput {
  return {
    signedIn: true,
    email: 'seller@example.com',
    membership: { status: 'active' },
    account: { status: 'active', accountName: 'listloop' },
    ...overrides,
  };
}

const CONTINUE: GateDecision = { kind: 'continue' };
const TO_UPDATE_PASSWORD: GateDecision = { kind: 'redirect', to: '/update-password' };
const signOut = (reason: string) => ({ kind: 'signOut', reason });

describe('decideGate', () => {
  it('lets an active member of an active account continue', () => {
    expect(decideGate(gate())).toEqual(CONTINUE);
  });

  describe('account-user (membership) status', () => {
    it.each([
      ['active', CONTINUE],
      ['pending', TO_UPDATE_PASSWORD],
      ['inactive', signOut('auth/inactive-account')],
      // Any other value logs out as well (spec §4 "inactive or any other value").
      ['', signOut('auth/inactive-account')],
      ['Active', signOut('auth/inactive-account')],
      ['PENDING', signOut('auth/inactive-account')],
      [' active ', signOut('auth/inactive-account')],
      ['suspended', signOut('auth/inactive-account')],
      ['deleted', signOut('auth/inactive-account')],
    ])('status %j → %j', (status, expected) => {
      expect(decideGate(gate({ membership: { status } }))).toEqual(expected);
    });
  });

  describe('account status', () => {
    it.each([
      ['active', CONTINUE],
      ['inactive', signOut('auth/inactive-account')],
      ['', signOut('auth/inactive-account')],
      ['Active', signOut('auth/inactive-account')],
      ['pending', signOut('auth/inactive-account')],
      ['closed', signOut('auth/inactive-account')],
    ])('status %j → %j', (status, expected) => {
      expect(decideGate(gate({ account: { status, accountName: 'listloop' } }))).toEqual(expected);
    });

    it.each([null, undefined])('a missing account (%j) counts as inactive', (account) => {
      expect(decideGate(gate({ account }))).toEqual(signOut('auth/inactive-account'));
    });
  });

  describe('account name', () => {
    it.each(ACCOUNT_NAMES)('known name %j continues', (accountName) => {
      expect(decideGate(gate({ account: { status: 'active', accountName } }))).toEqual(CONTINUE);
    });

    it.each([' Shopify ', 'LISTLOOP', 'eBay'])(
      'known name in another case or with whitespace %j continues',
      (accountName) => {
        expect(decideGate(gate({ account: { status: 'active', accountName } }))).toEqual(CONTINUE);
      },
    );

    it.each(['', 'unknown', 'amazon', 'list loop'])(
      'unknown name %j signs out as logged out',
      (accountName) => {
        expect(decideGate(gate({ account: { status: 'active', accountName } }))).toEqual(
          signOut('auth/user-logged-out'),
        );
      },
    );
  });

  describe('missing pieces (spec §8)', () => {
    it('no user → auth/user-logged-out', () => {
      expect(decideGate(gate({ signedIn: false }))).toEqual(signOut('auth/user-logged-out'));
    });

    it.each([undefined, null, ''])('no e-mail (%j) → auth/login-fail', (email) => {
      expect(decideGate(gate({ email }))).toEqual(signOut('auth/login-fail'));
    });

    it.each([undefined, null])('no membership (%j) → auth/provider-user-logged-out', (m) => {
      expect(decideGate(gate({ membership: m }))).toEqual(signOut('auth/provider-user-logged-out'));
    });
  });

  describe('order of the checks: user → e-mail → membership → membership status → account', () => {
    it.each<[string, Partial<GateInput>, GateDecision]>([
      [
        'no user wins over everything else',
        { signedIn: false, email: null, membership: null, account: null },
        signOut('auth/user-logged-out') as GateDecision,
      ],
      [
        'no e-mail wins over a missing membership',
        { email: null, membership: null },
        signOut('auth/login-fail') as GateDecision,
      ],
      [
        'no membership wins over an inactive account',
        { membership: null, account: { status: 'inactive', accountName: 'listloop' } },
        signOut('auth/provider-user-logged-out') as GateDecision,
      ],
      [
        'an inactive membership wins over an unknown account name',
        { membership: { status: 'inactive' }, account: { status: 'active', accountName: 'x' } },
        signOut('auth/inactive-account') as GateDecision,
      ],
      [
        'an inactive account wins over an unknown account name',
        { account: { status: 'inactive', accountName: 'x' } },
        signOut('auth/inactive-account') as GateDecision,
      ],
      [
        'a pending member of an inactive account is signed out, not redirected',
        { membership: { status: 'pending' }, account: { status: 'inactive', accountName: 'ebay' } },
        signOut('auth/inactive-account') as GateDecision,
      ],
      [
        'a pending member of an unknown account name is signed out, not redirected',
        { membership: { status: 'pending' }, account: { status: 'active', accountName: 'x' } },
        signOut('auth/user-logged-out') as GateDecision,
      ],
    ])('%s', (_label, overrides, expected) => {
      expect(decideGate(gate(overrides))).toEqual(expected);
    });
  });
});

describe('pendingRoute', () => {
  it.each([
    [true, '/update-password'],
    [false, '/join-team'],
  ] as const)('signedIn=%j → %s', (signedIn, route) => {
    expect(pendingRoute(signedIn)).toBe(route);
  });
});

describe('onboardingRedirect', () => {
  it('the onboarding route is /onboarding', () => {
    expect(ONBOARDING_ROUTE).toBe('/onboarding');
  });

  it.each([
    ['/', false],
    ['/', true],
    ['/onboarding', false],
    ['/onboarding', true],
    ['/onboarding/contact', true],
    ['/items', false],
  ])('with the flag off nothing redirects (pathname %j, approved %j)', (pathname, approved) => {
    expect(onboardingRedirect({ flagOn: false, approved, pathname })).toBeNull();
  });

  describe('with the flag on', () => {
    it.each([
      // not approved, off an onboarding route → /onboarding
      [false, '/', '/onboarding'],
      [false, '/items', '/onboarding'],
      [false, '/settings/profile', '/onboarding'],
      // look-alikes are not onboarding routes
      [false, '/onboardings', '/onboarding'],
      [false, '/onboarding-v2', '/onboarding'],
      [false, '/settings/onboarding', '/onboarding'],
      // not approved, on an onboarding route → stay
      [false, '/onboarding', null],
      [false, '/onboarding/', null],
      [false, '/onboarding/contact', null],
      [false, '/onboarding/marketplaces/ebay', null],
      // approved, on an onboarding route → root
      [true, '/onboarding', '/'],
      [true, '/onboarding/', '/'],
      [true, '/onboarding/main_marketplace', '/'],
      [true, '/onboarding/a/b/c', '/'],
      // approved, off an onboarding route → stay
      [true, '/', null],
      [true, '/items', null],
      [true, '/onboarding-v2', null],
    ])('approved=%j on %j → %j', (approved, pathname, expected) => {
      expect(onboardingRedirect({ flagOn: true, approved, pathname })).toBe(expected);
    });
  });
});
