import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLanguage } from '@hep/shared/languages';
import type { TUpdateUserBody, TUpdateUserResponse } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { getSession, updateSessionUser } from '../../../lib/session';
import { userQueryKey } from '../../../lib/user-query-key';

/** The body of PUT /users/{id}/: the profile's fields and, optionally, the user's language (one of the five). */
export type TUpdateUserRequest = TUpdateUserBody & { language?: TLanguage };

/** PUT /users/{id}/: the profile as saved, and what became of an email change (decision 011). */
export function updateUser(userId: string, body: TUpdateUserRequest): Promise<TUpdateUserResponse> {
  return apiFetch<TUpdateUserResponse>(`/users/${encodeURIComponent(userId)}/`, { method: 'PUT', body });
}

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateUserRequest) => updateUser(userId, body),
    onSuccess: ({ email_change: _change, message: _message, ...user }) => {
      queryClient.setQueryData(userQueryKey(userId), user);
      // The header greets the signed-in user by first name.
      if (getSession().user?.id === user.id)
        updateSessionUser({ firstName: user.first_name, email: user.email });
    },
  });
}
