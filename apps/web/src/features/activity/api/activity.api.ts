import {
  ActivityListSchema,
  type ActivityAction,
  type ActivitySubjectType,
} from '@listloop/domain';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const ACTIVITY_PATH = '/api/rest/v1/enterprise/activity';
const PAGE_SIZE = 50;

/** What the log is filtered by (all optional); dates are ISO date-times. */
export interface ActivityFilters {
  actor?: string;
  subjectType?: ActivitySubjectType;
  subjectId?: string;
  action?: ActivityAction;
  from?: string;
  to?: string;
}

/** The query string of a page: the filters given, then the cursor. */
export function activityQueryString(
  filters: ActivityFilters,
  cursor: string | null,
  limit: number = PAGE_SIZE,
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value) params.set(key, value);
  }
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

export const activityKeys = {
  all: ['activity'] as const,
  list: (filters: ActivityFilters) => ['activity', 'list', filters] as const,
};

/** The log, newest first, a page at a time. */
export const activityListQueryOptions = (filters: ActivityFilters, limit: number = PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...activityKeys.list(filters), limit],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`${ACTIVITY_PATH}?${activityQueryString(filters, pageParam, limit)}`, {
        schema: ActivityListSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
