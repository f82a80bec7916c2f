import type { WorkflowInput } from '@listloop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { putWorkflow, workflowKeys, workflowQueryOptions } from '../api/workflow.api';

export function useWorkflow() {
  return useQuery(workflowQueryOptions());
}

export function useSaveWorkflow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WorkflowInput) => putWorkflow(input),
    onSuccess: (saved) => queryClient.setQueryData(workflowKeys.all, saved),
  });
}
