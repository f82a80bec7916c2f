import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { isOnboardingApproved, useSession } from '../../lib/session';
import { onboardingGateRedirect } from './route-guards';
import { SignedInOnly } from './signed-in-only';

/**
 * The member routes' onboarding gate. It is a component, not a route guard, because the flag
 * is read through OpenFeature's React hook (and so follows the provider when flags change).
 */
export function OnboardingGate() {
  return (
    <SignedInOnly>
      <OnboardingRedirect />
    </SignedInOnly>
  );
}

function OnboardingRedirect() {
  const session = useSession();
  const flagOn = useBooleanFlagValue('onboardingRework', false);
  const pathname = useLocation({ select: (location) => location.pathname });
  const to = onboardingGateRedirect({
    flagOn,
    approved: session.status === 'logged-in' && isOnboardingApproved(session.state),
    pathname,
  });
  if (to) return <Navigate to={to} replace />;
  return <Outlet />;
}
