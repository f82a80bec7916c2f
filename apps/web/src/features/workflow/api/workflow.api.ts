import { WORKFLOW_API_PATH, WorkflowSchema, type WorkflowInput } from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const workflowKeys = { all: ['workflow'] as const };

export const workflowQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.all,
    queryFn: ({ signal }) => apiRequest(WORKFLOW_API_PATH, { schema: WorkflowSchema, signal }),
  });

/** Spec §7 PUT …/enterprise/workflow: the whole workflow. */
export function putWorkflow(input: WorkflowInput) {
  return apiRequest(WORKFLOW_API_PATH, { method: 'PUT', body: input, schema: WorkflowSchema });
}
