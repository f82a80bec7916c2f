import { describe, expect, it } from 'vitest';
import {
  displayName,
  initials,
  isOnboardingApproved,
  signedOutNotice,
  toSessionStore,
} from './session-store';

const person = (firstName: string, lastName: string, email = 'dana@example.com') => ({
  email,
  details: {
    firstName,
    lastName,
    fullName: [firstName, lastName].filter(Boolean).join(' '),
  } as never,
});

describe('the session store', () => {
  it('is loading until the first answer', () => {
    expect(toSessionStore(undefined)).toEqual({ status: 'loading' });
  });

  it('keeps the reason a session ended', () => {
    expect(toSessionStore({ status: 'logged-out', reason: 'auth/inactive-account' })).toEqual({
      status: 'logged-out',
      reason: 'auth/inactive-account',
    });
  });

  it('explains a sign-out on the sign-in page, except a plain one', () => {
    expect(signedOutNotice({ status: 'logged-out', reason: 'auth/inactive-account' })).toBe(
      'auth/inactive-account',
    );
    expect(signedOutNotice({ status: 'logged-out', reason: 'auth/user-logged-out' })).toBeNull();
    expect(signedOutNotice({ status: 'logged-out', reason: null })).toBeNull();
    expect(signedOutNotice({ status: 'loading' })).toBeNull();
  });

  it('names the user by full name, else by e-mail', () => {
    expect(displayName(person('Dana', 'Reyes') as never)).toBe('Dana Reyes');
    expect(displayName(person('', '') as never)).toBe('dana@example.com');
    expect(initials(person('Dana', 'Reyes') as never)).toBe('DR');
    expect(initials(person('', '', 'zoe@example.com') as never)).toBe('Z');
  });

  it('counts onboarding as approved only when the record says APPROVED', () => {
    const withOnboarding = (onboarding: Record<string, unknown> | null) =>
      ({ account: { onboarding } }) as never;
    expect(isOnboardingApproved(withOnboarding({ status: 'APPROVED' }))).toBe(true);
    expect(isOnboardingApproved(withOnboarding({ status: 'PENDING' }))).toBe(false);
    expect(isOnboardingApproved(withOnboarding(null))).toBe(false);
  });
});
