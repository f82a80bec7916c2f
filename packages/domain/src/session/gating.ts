import { isKnownAccountName } from '../accounts/account.schema';
import type { ErrorCode } from '../errors/error-codes';

export type SignOutReason = Extract<
  ErrorCode,
  | 'auth/user-logged-out'
  | 'auth/provider-user-logged-out'
  | 'auth/inactive-account'
  | 'auth/login-fail'
>;

export type GateDecision =
  | { kind: 'continue' }
  | { kind: 'redirect'; to: '/update-password' }
  | { kind: 'signOut'; reason: SignOutReason };

export interface GateInput {
  /** A user is present (a live session on the server, a signed-in user in the browser). */
  signedIn: boolean;
  email?: string | null;
  membership: { status: string } | null | undefined;
  account: { status: string; accountName: string } | null | undefined;
}

/**
 * Spec §4 and §8, in the order a request meets them: user → membership → account → status.
 * The server runs this on every request and the web app on every session change, so both
 * decide alike.
 */
export function decideGate(input: GateInput): GateDecision {
  if (!input.signedIn) return { kind: 'signOut', reason: 'auth/user-logged-out' };
  if (!input.email) return { kind: 'signOut', reason: 'auth/login-fail' };
  if (!input.membership) return { kind: 'signOut', reason: 'auth/provider-user-logged-out' };

  const status = input.membership.status;
  if (status !== 'active' && status !== 'pending') {
    return { kind: 'signOut', reason: 'auth/inactive-account' };
  }
  if (!input.account || input.account.status !== 'active') {
    return { kind: 'signOut', reason: 'auth/inactive-account' };
  }
  if (!isKnownAccountName(input.account.accountName)) {
    return { kind: 'signOut', reason: 'auth/user-logged-out' };
  }
  if (status === 'pending') {
    return { kind: 'redirect', to: '/update-password' };
  }
  return { kind: 'continue' };
}

/**
 * Where a pending account user belongs (spec §4): signed in, they set their own password at
 * /update-password; not signed in (arriving from an invitation), they join at /join-team.
 */
export function pendingRoute(signedIn: boolean): '/update-password' | '/join-team' {
  return signedIn ? '/update-password' : '/join-team';
}

export const ONBOARDING_ROUTE = '/onboarding';

/**
 * Spec §2/§4: with the onboarding-rework flag on, a user whose onboarding is not approved is
 * sent to /onboarding, and an approved user on an onboarding route is sent to the root.
 * Returns the path to go to, or null to stay.
 */
export function onboardingRedirect(input: {
  flagOn: boolean;
  approved: boolean;
  pathname: string;
}): string | null {
  if (!input.flagOn) return null;
  const onOnboardingRoute =
    input.pathname === ONBOARDING_ROUTE || input.pathname.startsWith(`${ONBOARDING_ROUTE}/`);
  if (!input.approved && !onOnboardingRoute) return ONBOARDING_ROUTE;
  if (input.approved && onOnboardingRoute) return '/';
  return null;
}
