import type { BulkAction, BulkActionRun, BulkSelection } from '@listloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkActionKeys, cancelBulkRun, startBulkAction } from '../api/bulk-actions.api';

export interface BulkActionRequest {
  action: BulkAction;
  selection: BulkSelection;
  parameters?: Record<string, unknown>;
}

/** Starts a bulk action on the server; the run it answers is followed from then on. */
export function useStartBulkAction(onStarted: (run: BulkActionRun) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, selection, parameters }: BulkActionRequest) =>
      startBulkAction(action, { selection, parameters: parameters ?? {} }),
    onSuccess: (run) => {
      queryClient.setQueryData(bulkActionKeys.run(run.runId), run);
      onStarted(run);
    },
  });
}

/** Cancels a run: it stops before its next batch. */
export function useCancelBulkRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) => cancelBulkRun(runId),
    onSuccess: (run) => queryClient.setQueryData(bulkActionKeys.run(run.runId), run),
  });
}
