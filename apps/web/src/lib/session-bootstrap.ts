import type { TUserDetail } from '@hep/shared/schemas/users';
import { apiFetch, refreshAccessToken } from './api-client';
import { isApiError } from './api-error';
import { followUserLanguage } from './i18n/user-language';
import { clearSession, getSession, markSessionReady, updateSessionUser } from './session';

/** The refresh cookie's answer: a new access token, no session, or no network to ask. */
type TRefreshOutcome = 'refreshed' | 'signed-out' | 'offline';

async function refreshAtStart(): Promise<TRefreshOutcome> {
  try {
    return (await refreshAccessToken()) ? 'refreshed' : 'signed-out';
  } catch (error) {
    return isApiError(error) && error.status === 0 ? 'offline' : 'signed-out';
  }
}

/**
 * Started offline: once the connection returns, get an access token as usual. A refused refresh ends the session;
 * still no network waits for the next `online` event. (Calls made meanwhile refresh on their own 401 as well.)
 */
function refreshWhenOnline(): void {
  const onOnline = () => {
    window.removeEventListener('online', onOnline);
    refreshAccessToken().then(
      (refreshed) => {
        if (!refreshed && getSession().user) clearSession('signed-out');
      },
      () => window.addEventListener('online', onOnline),
    );
  };
  window.addEventListener('online', onOnline);
}

/**
 * On start-up a stored user has no access token yet (it is kept in memory only): get one with the refresh
 * cookie, then learn whether the user has agreed to the terms. A refused refresh means signed out; no network
 * (the phone is offline) keeps the user signed in, so that the pages the service worker kept can show (design
 * 10.5). Only a start with a stored user loads this module (main.tsx).
 */
export async function bootstrapSession(): Promise<void> {
  const { user } = getSession();
  if (!user) return;
  const outcome = await refreshAtStart();
  if (outcome === 'signed-out') {
    clearSession(null); // which clears the offline copies too (main.tsx listens)
    return;
  }
  if (outcome === 'offline') refreshWhenOnline();
  try {
    // Offline, the service worker answers with the last copy it kept.
    const detail = await apiFetch<TUserDetail>(`/users/${user.id}/`);
    updateSessionUser({ firstName: detail.first_name, email: detail.email });
    await followUserLanguage(detail.language);
    markSessionReady(detail.agreed_to_terms);
  } catch {
    // Unknown: let the user in; the server still decides what each call may do.
    if (getSession().user) markSessionReady(null);
  }
}
