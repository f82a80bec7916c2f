import { ONBOARDING_ROUTE, onboardingRedirect } from '@listloop/domain';
import type { SessionStore } from '../../lib/session';

/**
 * Which sessions a route admits:
 * - public: only signed-out visitors (/login, /join-team);
 * - pendingOnly: signed in and still pending (/update-password);
 * - member: signed in and through the gate (the shell, /onboarding).
 */
export type RouteAccess = 'public' | 'pendingOnly' | 'member';

export const LOGIN_PATH = '/login';
export const HOME_PATH = '/';
export type GuardTarget = typeof LOGIN_PATH | typeof HOME_PATH | '/update-password';

/** Where a session may not stay on a route of this kind, the path to send it to; else null. */
export function guardRedirect(session: SessionStore, access: RouteAccess): GuardTarget | null {
  if (session.status === 'loading') return null;

  if (access === 'public') {
    if (session.status !== 'logged-in') return null;
    const { gate } = session;
    if (gate.kind === 'continue') return HOME_PATH;
    if (gate.kind === 'redirect') return gate.to;
    // A gate sign-out is under way; the sign-in page is where it ends.
    return null;
  }

  if (session.status === 'logged-out') return LOGIN_PATH;
  const { gate } = session;
  if (gate.kind === 'signOut') return LOGIN_PATH;

  if (access === 'pendingOnly') return gate.kind === 'continue' ? HOME_PATH : null;
  return gate.kind === 'redirect' ? gate.to : null;
}

function isOnboardingPath(pathname: string): boolean {
  return pathname === ONBOARDING_ROUTE || pathname.startsWith(`${ONBOARDING_ROUTE}/`);
}

/**
 * Spec §2/§4 onboarding gating on the member routes: with the onboarding-rework flag, an
 * account not yet approved goes to /onboarding and an approved one leaves it; without the
 * flag, /onboarding does not exist and sends to the root.
 */
export function onboardingGateRedirect(input: {
  flagOn: boolean;
  approved: boolean;
  pathname: string;
}): typeof HOME_PATH | typeof ONBOARDING_ROUTE | null {
  if (!input.flagOn) return isOnboardingPath(input.pathname) ? HOME_PATH : null;
  const to = onboardingRedirect(input);
  if (to === ONBOARDING_ROUTE) return ONBOARDING_ROUTE;
  return to === null ? null : HOME_PATH;
}
