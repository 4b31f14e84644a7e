import { useEffect, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { clearSession } from '../../../lib/session';

/** Why the server ended every session of the user; the login page says it once (decision 011). */
export type TLoginNotice = 'email-changed' | 'password-changed' | 'signed-out-everywhere';

const KEY = 'hep_login_notice';

export const LOGIN_NOTICE_TEXT: Record<TLoginNotice, MessageDescriptor> = {
  'email-changed': msg`Your email was changed. Please sign in with your new email.`,
  'password-changed': msg`Your password was changed. Please sign in with your new password.`,
  'signed-out-everywhere': msg`You are signed out on all devices. Please sign in again.`,
};

type TNoticeStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): TNoticeStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Leaves the notice for the login page. Only a known notice is kept (the text is ours, never stored). */
export function saveLoginNotice(notice: TLoginNotice, store: TNoticeStore | null = sessionStore()): void {
  try {
    store?.setItem(KEY, notice);
  } catch {
    // Storage full or denied: the login page shows no notice.
  }
}

/** The notice's text, or null; an unknown value is ignored. */
export function readLoginNotice(store: TNoticeStore | null = sessionStore()): MessageDescriptor | null {
  try {
    const value = store?.getItem(KEY) ?? null;
    return value !== null && Object.hasOwn(LOGIN_NOTICE_TEXT, value)
      ? LOGIN_NOTICE_TEXT[value as TLoginNotice]
      : null;
  } catch {
    return null;
  }
}

export function forgetLoginNotice(store: TNoticeStore | null = sessionStore()): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // Nothing to forget.
  }
}

/**
 * The server has ended every session of the user (their own email or password change, "Sign out of all devices"):
 * end it here too, and the shell goes to the login page, which says why.
 */
export function signOutWithNotice(notice: TLoginNotice): void {
  saveLoginNotice(notice);
  clearSession('signed-out');
}

/** The login page's notice: read once on arrival, then forgotten, so a reload shows the plain page. */
export function useLoginNotice(): MessageDescriptor | null {
  const [notice] = useState(() => readLoginNotice());
  useEffect(() => {
    if (notice) forgetLoginNotice();
  }, [notice]);
  return notice;
}
