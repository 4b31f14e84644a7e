import { useQuery } from '@tanstack/react-query';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { subscriptionQueryOptions } from '../../../lib/push-notifications';

/**
 * GET /users/{id}/ for `receives_notifications`. The key is the profile page's own (`['users', id]`), so both
 * share one cache entry without this feature importing the users feature.
 */
export function useOwnUser(userId: number) {
  return useQuery({
    queryKey: ['users', String(userId)] as const,
    queryFn: () => apiFetch<TUserDetail>(`/users/${encodeURIComponent(String(userId))}/`),
  });
}

/** Whether this browser already gets reminders (its subscription, checked with the server). */
export function useBrowserSubscribed(userId: number, enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(userId), enabled });
}
