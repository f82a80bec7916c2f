import {
  BACKGROUND_REMOVAL_API,
  BackgroundRemovalJobAnswerSchema,
  BackgroundRemovalKeptSchema,
  BackgroundRemovalUsageSchema,
  backgroundRemovalJobPath,
  backgroundRemovalKeepPath,
  type BackgroundOutput,
} from '@listloop/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const backgroundRemovalKeys = {
  all: ['background-removal'] as const,
  usage: () => [...backgroundRemovalKeys.all, 'usage'] as const,
  job: (jobId: string) => [...backgroundRemovalKeys.all, 'job', jobId] as const,
};

/** The account's use of background removal and its limit (null: none). */
export const backgroundRemovalUsageQueryOptions = () =>
  queryOptions({
    queryKey: backgroundRemovalKeys.usage(),
    queryFn: ({ signal }) =>
      apiRequest(BACKGROUND_REMOVAL_API.usage, { schema: BackgroundRemovalUsageSchema, signal }),
  });

/** One removal, followed every second while it is queued or running. */
export const backgroundRemovalJobQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: backgroundRemovalKeys.job(jobId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(backgroundRemovalJobPath(jobId), {
          schema: BackgroundRemovalJobAnswerSchema,
          signal,
        })
      ).job,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });

export async function startBackgroundRemoval(input: {
  imageId: string;
  output: BackgroundOutput;
  colour?: string;
}) {
  return (
    await apiRequest(BACKGROUND_REMOVAL_API.jobs, {
      method: 'POST',
      body: { ...input, originPlatform: 'web' },
      schema: BackgroundRemovalJobAnswerSchema,
    })
  ).job;
}

export async function keepBackgroundRemoval(jobId: string) {
  return apiRequest(backgroundRemovalKeepPath(jobId), {
    method: 'POST',
    schema: BackgroundRemovalKeptSchema,
  });
}

export async function discardBackgroundRemoval(jobId: string) {
  await apiRequest(backgroundRemovalJobPath(jobId), { method: 'DELETE' });
}
