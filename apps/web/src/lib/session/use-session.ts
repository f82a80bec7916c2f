import type { SessionState } from '@listloop/domain';
import { useQueryClient } from '@tanstack/react-query';
import { use, useCallback, useMemo, useSyncExternalStore } from 'react';
import { sessionQueryKey } from './session.api';
import { SessionContext, type SessionContextValue } from './session-provider';
import { toSessionStore, type SessionData, type SessionStore } from './session-store';

export function useSessionContext(): SessionContextValue {
  const context = use(SessionContext);
  if (!context) throw new Error('useSessionContext must be used within a SessionProvider');
  return context;
}

/**
 * The session as the query cache holds it right now. Read from the cache itself (not from a
 * context value that updates a render later), so a screen mounted by the navigation that
 * follows a sign-in or sign-out sees the session that navigation was made for.
 */
export function useSession(): SessionStore {
  const queryClient = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const data = useSyncExternalStore(subscribe, () =>
    queryClient.getQueryData<SessionData>(sessionQueryKey),
  );
  return useMemo(() => toSessionStore(data), [data]);
}

/** For screens that render only signed in (the route guards and SignedInOnly make sure of it). */
export function useSignedInSession(): SessionState {
  const session = useSession();
  if (session.status !== 'logged-in') {
    throw new Error('useSignedInSession used while signed out');
  }
  return session.state;
}
