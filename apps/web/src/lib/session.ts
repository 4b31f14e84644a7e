import { useSyncExternalStore } from 'react';
import type { RoleFlags } from '@hep/shared/domain/roles';
import type { TLoginResponse } from '@hep/shared/schemas/auth';

/**
 * The signed-in user, for the shell and the route guards. localStorage keeps only the fields below
 * (never a token); the access token lives in this module's memory and the refresh token in an HttpOnly cookie.
 */
export interface SessionUser extends RoleFlags {
  id: number;
  firstName: string;
  email: string;
  /** The user's own language (GET /users/{id}/), once known; the page opens in it next time. */
  language: string | null;
}

/** Why the session ended, until the login page acknowledges it: 'expired' shows the Session Expired card. */
export type TSessionEnd = 'signed-out' | 'expired';

export interface SessionState {
  status: 'loading' | 'ready';
  user: SessionUser | null;
  /** Whether the user has agreed to the terms; null while unknown. */
  agreed: boolean | null;
  ended: TSessionEnd | null;
}

const KEYS = [
  'user_id',
  'first_name',
  'user_email',
  'user_language',
  'is_therapist',
  'is_staff',
  'is_carer',
] as const;

function readStoredUser(): SessionUser | null {
  try {
    const id = Number(localStorage.getItem('user_id'));
    if (!Number.isInteger(id) || id <= 0) return null;
    return {
      id,
      firstName: localStorage.getItem('first_name') ?? '',
      email: localStorage.getItem('user_email') ?? '',
      language: localStorage.getItem('user_language'),
      is_therapist: localStorage.getItem('is_therapist') === 'true',
      is_staff: localStorage.getItem('is_staff') === 'true',
      is_carer: localStorage.getItem('is_carer') === 'true',
    };
  } catch {
    return null;
  }
}

function writeStoredUser(user: SessionUser): void {
  localStorage.setItem('user_id', String(user.id));
  localStorage.setItem('first_name', user.firstName);
  localStorage.setItem('user_email', user.email);
  if (user.language) localStorage.setItem('user_language', user.language);
  else localStorage.removeItem('user_language');
  localStorage.setItem('is_therapist', String(user.is_therapist));
  localStorage.setItem('is_staff', String(user.is_staff));
  localStorage.setItem('is_carer', String(user.is_carer === true));
}

function removeStoredUser(): void {
  for (const key of KEYS) localStorage.removeItem(key);
}

const storedAtStart = readStoredUser();
let state: SessionState = {
  status: storedAtStart ? 'loading' : 'ready',
  user: storedAtStart,
  agreed: null,
  ended: null,
};
let accessToken: string | null = null;
const listeners = new Set<() => void>();
const endListeners = new Set<() => void>();

function setState(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** Resolves once the start-up check of a stored user is done (route loaders wait for it). */
export function whenSessionReady(): Promise<SessionState> {
  if (state.status === 'ready') return Promise.resolve(state);
  return new Promise((resolve) => {
    const unsubscribe = subscribeSession(() => {
      if (state.status !== 'ready') return;
      unsubscribe();
      resolve(state);
    });
  });
}

/** Runs whenever a session ends (sign out, expiry, refresh failure), e.g. to drop cached server data. */
export function onSessionEnd(listener: () => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function getAccessToken(): string | null {
  return accessToken;
}

export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function startSession(login: TLoginResponse): void {
  const user: SessionUser = {
    id: login.user_id,
    firstName: login.first_name,
    email: login.user_email,
    language: null,
    is_therapist: login.is_therapist === 'true',
    is_staff: login.is_staff,
    is_carer: login.is_carer,
  };
  accessToken = login.access;
  writeStoredUser(user);
  setState({ status: 'ready', user, agreed: login.agreed, ended: null });
}

/** Finishes the start-up check of a stored user (see session-bootstrap.ts). */
export function markSessionReady(agreed: boolean | null): void {
  setState({ status: 'ready', agreed });
}

export function updateSessionUser(
  changes: Partial<Pick<SessionUser, 'firstName' | 'email' | 'language'>>,
): void {
  if (!state.user) return;
  const user = { ...state.user, ...changes };
  writeStoredUser(user);
  setState({ user });
}

export function setAgreed(agreed: boolean): void {
  setState({ agreed });
}

/** Ends the session locally. `ended` null means no message and no redirect (a stale stored user at start-up). */
export function clearSession(ended: TSessionEnd | null): void {
  const hadUser = state.user !== null;
  accessToken = null;
  try {
    removeStoredUser();
  } catch {
    // Nothing stored to remove.
  }
  setState({ status: 'ready', user: null, agreed: null, ended: hadUser ? ended : state.ended });
  for (const listener of endListeners) listener();
}

export function acknowledgeSessionEnd(): void {
  if (state.ended) setState({ ended: null });
}

/** Another tab signing out (or in as someone else) clears this tab too. */
export function syncSessionAcrossTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage) return;
    if (event.key !== null && event.key !== 'user_id') return;
    const stored = readStoredUser();
    if (!stored) {
      if (state.user) clearSession('signed-out');
    } else if (state.user && stored.id !== state.user.id) {
      // A different user signed in elsewhere: start over so that nothing of the previous user stays on screen.
      window.location.assign('/');
    }
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
