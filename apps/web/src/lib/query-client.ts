import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';
import { onSessionEnd } from './session';

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors (4xx) will not change by asking again.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

// Nothing of one user's data may be shown to the next person who signs in on this browser.
onSessionEnd(() => queryClient.clear());
