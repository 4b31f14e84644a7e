import { useQuery } from '@tanstack/react-query';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user-query-key';
import { subscriptionQueryOptions } from '../utils/push-notifications';

/** GET /users/{id}/ for `receives_notifications`, in the profile pages' cache entry (lib/user-query-key.ts). */
export function useOwnUser(userId: number) {
  return useQuery({
    queryKey: userQueryKey(userId),
    queryFn: () => apiFetch<TUserDetail>(`/users/${encodeURIComponent(String(userId))}/`),
  });
}

/** Whether this browser already gets reminders (its subscription, checked with the server). */
export function useBrowserSubscribed(userId: number, enabled: boolean) {
  return useQuery({ ...subscriptionQueryOptions(userId), enabled });
}
