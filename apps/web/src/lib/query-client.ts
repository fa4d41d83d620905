import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The app's TanStack Query client. Only transient failures (no answer, 5xx) are retried: a 4xx is
 * the server's final word and its message is shown at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiError) || error.isTransient),
      },
      mutations: { retry: false },
    },
  });
}
