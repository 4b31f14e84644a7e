import type { TLogin, TLoginResponse } from '@hep/shared/schemas/auth';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch } from '../../../lib/api-client';
import { followUserLanguage } from '../../../lib/i18n/user-language';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';

/** POST /login/: on success the server also sets the HttpOnly refresh cookie; the access token stays in memory. */
export async function logIn(credentials: TLogin): Promise<TLoginResponse> {
  const response = await apiFetch<TLoginResponse>('/login/', {
    method: 'POST',
    body: credentials,
    auth: false,
  });
  startSession(response);
  // The user's own language replaces the login page's choice before the first signed-in page shows.
  await apiFetch<TUserDetail>(`/users/${response.user_id}/`).then(
    (detail) => followUserLanguage(detail.language),
    () => undefined,
  );
  return response;
}

/** On the login page, which paints without the query library (lib/use-action.ts). */
export function useLogIn() {
  return useAction(logIn);
}
