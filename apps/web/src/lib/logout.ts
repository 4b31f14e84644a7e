import { LIMITS } from '@hep/shared/limits';
import { apiFetch } from './api-client';
import { clearSession } from './session';

/** Tells the server to end the session (revokes the refresh cookie), then clears it here. Throws if the server cannot be reached. */
export async function signOut(): Promise<void> {
  await apiFetch<void>('/logout/', { method: 'POST', body: {}, endSessionOn401: false });
  clearSession('signed-out');
}

/**
 * The inactivity logout: announce it with a `beforeLogout` event so that open forms can save a draft, wait,
 * then end the session on the server and here, whatever the server answers.
 */
export async function expireSession(): Promise<void> {
  window.dispatchEvent(new CustomEvent('beforeLogout'));
  await new Promise((resolve) => setTimeout(resolve, LIMITS.beforeLogoutWaitMs));
  try {
    await apiFetch<void>('/logout/', { method: 'POST', body: {}, endSessionOn401: false });
  } catch {
    // The local session ends anyway; the refresh token expires on its own.
  }
  clearSession('expired');
}
