import { LIMITS } from '@hep/shared/limits';
import { apiFetch } from './api-client';
import { isOffline } from './offline/online';
import { loadOutbox } from './offline/outbox-loader';
import { clearOfflineCaches } from './service-worker';
import { clearSession, getSession } from './session';

/** A sign-out would drop feedback still kept on this phone: the caller asks the user first (`count` of them). */
export class UnsentFeedbackError extends Error {
  readonly count: number;

  constructor(count: number) {
    super(`${count} saved on this phone and not sent`);
    this.name = 'UnsentFeedbackError';
    this.count = count;
  }
}

/** Sends the user's waiting feedback while online (waiting for another tab's pass); resolves with how many are left. */
async function sendBeforeLeaving(userId: number): Promise<number> {
  try {
    const outbox = await loadOutbox();
    if (!isOffline()) await outbox.sendWaiting(userId, { wait: true });
    return (await outbox.listWaiting(userId)).length;
  } catch {
    return 0; // no IndexedDB on this browser (or the outbox's chunk could not load): nothing can be waiting
  }
}

async function clearThisPhone(userId: number | undefined, discardUnsent: boolean): Promise<void> {
  await Promise.all([
    userId !== undefined && discardUnsent
      ? loadOutbox()
          .then((outbox) => outbox.discardEntriesOf(userId))
          .catch(() => undefined)
      : undefined,
    clearOfflineCaches().catch(() => undefined),
  ]);
}

export interface SignOutOptions {
  /** The user agreed to lose the feedback that could not be sent. */
  discardUnsent?: boolean;
}

/**
 * Sends feedback kept on this phone first; if some cannot be sent, rejects with UnsentFeedbackError unless the
 * user agreed to lose it. Then tells the server to end the session (revokes the refresh cookie), clears what this
 * phone keeps for the user, and ends the session here. Throws if the server cannot be reached.
 */
export async function signOut(options: SignOutOptions = {}): Promise<void> {
  const userId = getSession().user?.id;
  if (userId !== undefined) {
    const left = await sendBeforeLeaving(userId);
    if (left > 0 && !options.discardUnsent) throw new UnsentFeedbackError(left);
  }
  await apiFetch<void>('/logout/', { method: 'POST', body: {}, endSessionOn401: false });
  await clearThisPhone(userId, true);
  clearSession('signed-out');
}

/**
 * The inactivity logout: announce it with a `beforeLogout` event so that open forms can save a draft, wait, send
 * feedback kept on this phone if online, then end the session on the server and here, whatever the server
 * answers. Feedback that still cannot be sent is kept (no one was asked): it goes when that user signs in again.
 */
export async function expireSession(): Promise<void> {
  window.dispatchEvent(new CustomEvent('beforeLogout'));
  await new Promise((resolve) => setTimeout(resolve, LIMITS.beforeLogoutWaitMs));
  const userId = getSession().user?.id;
  if (userId !== undefined) await sendBeforeLeaving(userId);
  try {
    await apiFetch<void>('/logout/', { method: 'POST', body: {}, endSessionOn401: false });
  } catch {
    // The local session ends anyway; the refresh token expires on its own.
  }
  await clearThisPhone(userId, false);
  clearSession('expired');
}
