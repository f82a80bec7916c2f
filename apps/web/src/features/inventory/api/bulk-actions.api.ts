import {
  BulkActionConfigSchema,
  BulkActionRunListSchema,
  BulkActionRunSchema,
  type BulkAction,
  type BulkActionRun,
  type BulkActionStart,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Bulk actions: runs the server carries out as jobs, a batch at a time. */
export const BULK_ACTIONS_PATH = '/api/bulk-actions';

const segment = encodeURIComponent;
const runPath = (runId: string) => `${BULK_ACTIONS_PATH}/runs/${segment(runId)}`;

/** Where a run's progress streams from (Server-Sent Events). */
export const bulkRunEventsPath = (runId: string) => `${runPath(runId)}/events`;

/** How often a run is asked for its progress when its event stream cannot be had. */
export const BULK_RUN_POLL_MS = 2000;

export const bulkActionKeys = {
  all: ['bulk-actions'] as const,
  config: (action: BulkAction) => [...bulkActionKeys.all, 'config', action] as const,
  runs: () => [...bulkActionKeys.all, 'runs'] as const,
  active: () => [...bulkActionKeys.runs(), 'active'] as const,
  run: (runId: string) => [...bulkActionKeys.runs(), 'run', runId] as const,
};

export const bulkActionConfigQueryOptions = (action: BulkAction) =>
  queryOptions({
    queryKey: bulkActionKeys.config(action),
    queryFn: ({ signal }) =>
      apiRequest(`${BULK_ACTIONS_PATH}/config/${segment(action)}`, {
        schema: BulkActionConfigSchema,
        signal,
      }),
    staleTime: 60_000,
  });

/** The caller's runs still under way: how the inventory finds them again after a reload. */
export const activeBulkRunsQueryOptions = () =>
  queryOptions({
    queryKey: bulkActionKeys.active(),
    queryFn: async ({ signal }) => {
      const { runs } = await apiRequest(`${BULK_ACTIONS_PATH}/runs?active=true&limit=10`, {
        schema: BulkActionRunListSchema,
        signal,
      });
      return runs;
    },
  });

export const bulkRunQueryOptions = (runId: string) =>
  queryOptions({
    queryKey: bulkActionKeys.run(runId),
    queryFn: ({ signal }) => apiRequest(runPath(runId), { schema: BulkActionRunSchema, signal }),
  });

export function startBulkAction(action: BulkAction, body: BulkActionStart): Promise<BulkActionRun> {
  return apiRequest(`${BULK_ACTIONS_PATH}/${segment(action)}`, {
    method: 'POST',
    body,
    schema: BulkActionRunSchema,
  });
}

export function cancelBulkRun(runId: string): Promise<BulkActionRun> {
  return apiRequest(`${runPath(runId)}/cancel`, { method: 'POST', schema: BulkActionRunSchema });
}
