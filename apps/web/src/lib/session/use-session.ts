import type { SessionState } from '@listloop/domain';
import { use } from 'react';
import { SessionContext, type SessionContextValue } from './session-provider';

export function useSessionContext(): SessionContextValue {
  const context = use(SessionContext);
  if (!context) throw new Error('useSession must be used within a SessionProvider');
  return context;
}

export function useSession() {
  return useSessionContext().session;
}

/** For screens that only render signed in (the route guards make sure of it). */
export function useSignedInSession(): SessionState {
  const session = useSession();
  if (session.status !== 'logged-in') {
    throw new Error('useSignedInSession used while signed out');
  }
  return session.state;
}
