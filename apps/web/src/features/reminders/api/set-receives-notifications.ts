import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { userQueryKey } from '../../../lib/user-query-key';

/** PATCH /users/{id}/ `{ receives_notifications }`: whether the user wants reminders at all. */
export function useSetReceivesNotifications(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receives: boolean) =>
      apiFetch<TUserDetail>(`/users/${encodeURIComponent(userId)}/`, {
        method: 'PATCH',
        body: { receives_notifications: receives },
      }),
    onSuccess: (user) => queryClient.setQueryData(userQueryKey(userId), user),
  });
}
