import { ExecutorPresenceResponseSchema } from '@listloop/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** GET: the signed-in member's paired browsers, per extension marketplace (decision 0041). */
export const EXECUTOR_PRESENCE_PATH = '/api/rest/v1/executor/presence';

/** How often a screen that waits on the extension asks again. */
export const PRESENCE_REFRESH_MS = 60_000;

export const executorPresenceKeys = {
  all: ['executor-presence'] as const,
};

export const executorPresenceQueryOptions = () =>
  queryOptions({
    queryKey: executorPresenceKeys.all,
    queryFn: ({ signal }) =>
      apiRequest(EXECUTOR_PRESENCE_PATH, { schema: ExecutorPresenceResponseSchema, signal }),
  });

/**
 * The presence answer, asked while `watching` (a screen shows work that waits on the extension,
 * or the Marketplaces screen shows the extension marketplaces) and again every minute then.
 * Its data is undefined until a first answer (none from a server without the call): the
 * screens then claim nothing about the extension. Every screen shares the one query, so two panels on a page still ask once a minute.
 */
export function useExecutorPresence(watching: boolean) {
  return useQuery({
    ...executorPresenceQueryOptions(),
    enabled: watching,
    refetchInterval: watching ? PRESENCE_REFRESH_MS : false,
  });
}
