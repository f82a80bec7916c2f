import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { setSessionFlags } from '../feature-flags';
import {
  LOGOUT_WAIT_MS,
  loggedOut,
  postLogout,
  sessionQueryKey,
  sessionQueryOptions,
} from './session.api';
import { renewalOutcome, renewSession } from './session-renewal';
import { toSessionStore, type SessionData, type SessionStore } from './session-store';
import type { ErrorCode } from '@listloop/domain';

export interface SignOutOptions {
  /** Wait LOGOUT_WAIT_MS before clearing (spec §4), e.g. to let the user see it happen. */
  wait?: boolean;
  /** The reason to show on the sign-in page afterwards. */
  reason?: ErrorCode | null;
}

export interface SessionContextValue {
  /** The first load failed (server unreachable or a malformed answer). */
  loadError: unknown;
  /** Refetch the session from the server and return what it now is. */
  refresh: () => Promise<SessionStore>;
  /** Server logout, then clear the local state. Throws when the server logout fails. */
  signOut: (options?: SignOutOptions) => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Spec §4 "logged-out resets all state to defaults": every cached query but the session's own
 * marker goes, and so does this tab's session storage.
 */
export function resetToSignedOut(queryClient: QueryClient, reason: ErrorCode | null): void {
  queryClient.cancelQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  try {
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable; nothing of the session lives there then.
  }
  setSessionFlags(null);
  queryClient.setQueryData<SessionData>(sessionQueryKey, loggedOut(reason));
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useQuery(sessionQueryOptions);
  const session = useMemo(() => toSessionStore(query.data), [query.data]);

  const refresh = useCallback(async () => {
    const data = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    return toSessionStore(data);
  }, [queryClient]);

  const signOut = useCallback(
    async ({ wait = false, reason = null }: SignOutOptions = {}) => {
      await postLogout();
      if (wait) await sleep(LOGOUT_WAIT_MS);
      resetToSignedOut(queryClient, reason);
    },
    [queryClient],
  );

  // A session that the server reports as signed out (a 401 on refetch) resets the rest too.
  const previousStatus = useRef(session.status);
  useEffect(() => {
    if (previousStatus.current === 'logged-in' && session.status === 'logged-out') {
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== sessionQueryKey[0],
      });
    }
    previousStatus.current = session.status;
  }, [queryClient, session.status]);

  // Spec §4: on every session change, the gate decides; a sign-out decision signs out (once,
  // however often the session is refetched meanwhile).
  const gate = session.status === 'logged-in' ? session.gate : null;
  const gateSignOutReason = gate?.kind === 'signOut' ? gate.reason : null;
  const gateSigningOut = useRef(false);
  useEffect(() => {
    if (!gateSignOutReason || gateSigningOut.current) return;
    gateSigningOut.current = true;
    postLogout()
      .catch((error: unknown) => console.warn('Server logout after a failed gate check', error))
      .finally(() => {
        gateSigningOut.current = false;
        resetToSignedOut(queryClient, gateSignOutReason);
      });
  }, [gateSignOutReason, queryClient]);

  // Spec §4 Token: while signed in, the server session is renewed before it ends (at once,
  // then half-way to each new end); a renewal the server refuses signs out.
  const renewalUserId = session.status === 'logged-in' ? session.state.userId : null;
  useEffect(() => {
    if (!renewalUserId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = async () => {
      const result = await renewSession(controller.signal).then(
        (renewed) => renewed,
        (error: unknown) => ({ error }),
      );
      if (controller.signal.aborted) return;
      const outcome = renewalOutcome(result, Date.now());
      if (outcome.kind === 'signOut') resetToSignedOut(queryClient, outcome.reason);
      else timer = setTimeout(() => void renew(), outcome.nextInMs);
    };
    void renew();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [queryClient, renewalUserId]);

  const value = useMemo<SessionContextValue>(
    () => ({
      loadError: query.data === undefined ? query.error : null,
      refresh,
      signOut,
    }),
    [query.data, query.error, refresh, signOut],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
