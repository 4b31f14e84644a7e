import { useMutation } from '@tanstack/react-query';
import type { TChangePassword, TChangePasswordResponse } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

/** POST /users/me/password/: the signed-in user's own password; every session of theirs ends with it. */
export function changePassword(body: TChangePassword): Promise<TChangePasswordResponse> {
  return apiFetch<TChangePasswordResponse>('/users/me/password/', {
    method: 'POST',
    body,
    endSessionOn401: false,
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
