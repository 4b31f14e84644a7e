import { useMutation } from '@tanstack/react-query';
import type { TLogin, TLoginResponse } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /login/: on success the server also sets the HttpOnly refresh cookie; the access token stays in memory. */
export async function logIn(credentials: TLogin): Promise<TLoginResponse> {
  const response = await apiFetch<TLoginResponse>('/login/', {
    method: 'POST',
    body: credentials,
    auth: false,
  });
  startSession(response);
  return response;
}

export function useLogIn() {
  return useMutation({ mutationFn: logIn });
}
