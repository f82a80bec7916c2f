import { QueryClient } from '@tanstack/react-query';
import { RETRY_DELAY_MS, shouldRetry } from './api-client';

/** Queries retry twice on network errors and 5xx only; a 4xx is an answer, not a hiccup. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => shouldRetry(failureCount, error, 2),
        retryDelay: RETRY_DELAY_MS,
      },
      mutations: { retry: false },
    },
  });
}
