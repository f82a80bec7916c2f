import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { sessionQueryKey, toSessionStore, type SessionData } from '../../lib/session';
import { guardRedirect, type RouteAccess } from './route-guards';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * Route `beforeLoad` guard. It reads the session straight from the query cache, so a
 * navigation made right after a sign-in sees the new session; the app re-runs the guards
 * (router.invalidate) whenever the session changes.
 */
export function guard(context: RouterContext, access: RouteAccess): void {
  const data = context.queryClient.getQueryData<SessionData>(sessionQueryKey);
  const to = guardRedirect(toSessionStore(data), access);
  if (to) throw redirect({ to, replace: true });
}
