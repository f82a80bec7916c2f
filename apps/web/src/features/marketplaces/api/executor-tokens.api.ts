import {
  CreateExecutorTokenResponseSchema,
  ExecutorTokenListSchema,
  ExecutorTokenSchema,
  type ExecutorToken,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const EXECUTOR_TOKENS_PATH = '/api/executor-tokens';

/** The paired browsers the viewer may see (their own; everyone's with marketplaces.manage). */
export const executorTokensQueryOptions = () =>
  queryOptions({
    queryKey: ['executor-tokens'],
    queryFn: async (): Promise<ExecutorToken[]> =>
      (await apiRequest(EXECUTOR_TOKENS_PATH, { schema: ExecutorTokenListSchema })).executorTokens,
  });

/** A token for this browser's extension, shown once. */
export function createExecutorToken(name: string) {
  return apiRequest(EXECUTOR_TOKENS_PATH, {
    method: 'POST',
    body: { name },
    schema: CreateExecutorTokenResponseSchema,
  });
}

export async function revokeExecutorToken(id: string): Promise<ExecutorToken> {
  const { executorToken } = await apiRequest(`${EXECUTOR_TOKENS_PATH}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: z.object({ executorToken: ExecutorTokenSchema }),
  });
  return executorToken;
}
