import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TPatchUser, TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user-query-key';

export type TNotificationPreferences = Required<
  Pick<TPatchUser, 'notification_preferred_time' | 'notification_timezone'>
>;

export function updateNotificationPreferences(
  userId: string,
  body: TNotificationPreferences,
): Promise<TUserDetail> {
  return apiFetch<TUserDetail>(`/users/${encodeURIComponent(userId)}/`, { method: 'PATCH', body });
}

export function useUpdateNotificationPreferences(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNotificationPreferences) => updateNotificationPreferences(userId, body),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(userId), user),
  });
}
