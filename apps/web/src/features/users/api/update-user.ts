import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUpdateUserBody, TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { getSession, updateSessionUser } from '../../../lib/session';
import { userQueryKey } from '../../../lib/user-query-key';

export function updateUser(userId: string, body: TUpdateUserBody): Promise<TUserDetail> {
  return apiFetch<TUserDetail>(`/users/${encodeURIComponent(userId)}/`, { method: 'PUT', body });
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserBody) => updateUser(userId, body),
    onSuccess: (user) => {
      queryClient.setQueryData(userQueryKey(userId), user);
      // The header greets the signed-in user by first name.
      if (getSession().user?.id === user.id)
        updateSessionUser({ firstName: user.first_name, email: user.email });
    },
  });
}
