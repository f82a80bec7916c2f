import { DASHBOARD_PATH, DashboardSchema, type DashboardQuery } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  read: (query: DashboardQuery) => [...dashboardKeys.all, query] as const,
};

/** How often an open home screen reads again: a sale or a failure shows within a minute. */
const REFRESH_MS = 60_000;

/** GET /api/dashboard for the seller's time zone and week. */
export const dashboardQueryOptions = (query: Required<DashboardQuery>) =>
  queryOptions({
    queryKey: dashboardKeys.read(query),
    queryFn: ({ signal }) =>
      apiRequest(`${DASHBOARD_PATH}?${new URLSearchParams(query).toString()}`, {
        schema: DashboardSchema,
        signal,
      }),
    // Coming back to the home screen reads again (what it showed stays until the answer).
    staleTime: 0,
    refetchInterval: REFRESH_MS,
  });
