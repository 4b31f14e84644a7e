import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch, refreshAccessToken } from './api-client';
import { clearSession, getSession, markSessionReady, updateSessionUser } from './session';

/**
 * On start-up a stored user has no access token yet (it is kept in memory only): get one with the refresh
 * cookie, then learn whether the user has agreed to the terms. A failed refresh means signed out.
 */
export async function bootstrapSession(): Promise<void> {
  const { user } = getSession();
  if (!user) return;
  let refreshed = false;
  try {
    refreshed = await refreshAccessToken();
  } catch {
    refreshed = false;
  }
  if (!refreshed) {
    clearSession(null);
    return;
  }
  try {
    const detail = await apiFetch<TUserDetail>(`/users/${user.id}/`);
    updateSessionUser({ firstName: detail.first_name, email: detail.email });
    markSessionReady(detail.agreed_to_terms);
  } catch {
    // Unknown: let the user in; the server still decides what each call may do.
    if (getSession().user) markSessionReady(null);
  }
}
