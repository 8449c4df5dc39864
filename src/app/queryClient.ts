/**
 * The one QueryClient: client errors (4xx) are not retried; server and network errors twice; a read that waited the
 * whole answer timeout (30 s, api/client.ts) is not asked again unbidden: its panel offers "Try again".
 */
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client';

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  if (isApiError(error) && (error.code === 'invalid_response' || error.code === 'timeout')) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
