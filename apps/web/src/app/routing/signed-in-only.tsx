import { Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSession } from '../../lib/session';
import { LOGIN_PATH } from './route-guards';

/**
 * Renders its children only while signed in. The route guards keep signed-out visitors out;
 * this covers the moment between a sign-out and the guards running again, so no screen that
 * needs the session ever renders without one.
 */
export function SignedInOnly({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'logged-in') return <Navigate to={LOGIN_PATH} replace />;
  return children;
}
