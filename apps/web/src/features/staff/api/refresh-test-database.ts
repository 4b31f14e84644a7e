import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** ZTestServerRefreshResponse. */
export interface TTestServerRefreshResponse {
  message: string;
}

/** POST /test-server/refresh/: the server starts the test database refresh with its own token. */
export function refreshTestDatabase(): Promise<TTestServerRefreshResponse> {
  return apiFetch<TTestServerRefreshResponse>('/test-server/refresh/', { method: 'POST', body: {} });
}

export function useRefreshTestDatabase() {
  return useMutation({ mutationFn: refreshTestDatabase });
}
