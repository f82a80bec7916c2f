import { SessionStateSchema, type ErrorCode } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { setSessionFlags } from '../feature-flags';
import type { SessionData } from './session-store';

export const SESSION_PATH = '/api/rest/v1/auth/session';
export const LOGOUT_PATH = '/api/rest/v1/auth/logout';
export const sessionQueryKey = ['session'] as const;

/** Spec §4: logout may wait 500 ms before clearing the local state. */
export const LOGOUT_WAIT_MS = 500;

/**
 * GET the session: 200 is a signed-in session (parsed with the domain schema), 401 a signed-out
 * one with the reason's code. Anything else is an error for the caller to show or retry.
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionData> {
  try {
    const state = await apiRequest(SESSION_PATH, { schema: SessionStateSchema, signal });
    return state;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      return loggedOut(error.code);
    }
    throw error;
  }
}

export function loggedOut(reason: ErrorCode | null = null): SessionData {
  return { status: 'logged-out', reason };
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async ({ signal }) => {
    const data = await fetchSession(signal);
    // Feed the flag provider before anyone renders with the new session (see feature-flags).
    setSessionFlags(data.status === 'logged-in' ? data.featureFlags : null);
    return data;
  },
  staleTime: 60_000,
  refetchOnWindowFocus: true,
});

export function postLogout(): Promise<void> {
  return apiRequest(LOGOUT_PATH, { method: 'POST' });
}
