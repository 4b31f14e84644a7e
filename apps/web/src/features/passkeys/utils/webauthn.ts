import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The WebAuthn browser library, loaded only when a passkey is used: it stays out of the login page's first bundle.
 */
export const loadWebAuthn = () => import('@simplewebauthn/browser');

/** WebAuthn refuses an IP address as the site a passkey belongs to: the app reached at one cannot use passkeys. */
const isIpAddress = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/** Whether passkeys can work here: this browser has them and the site has a name (checked without the library). */
export const browserHasPasskeys = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.PublicKeyCredential === 'function' &&
  typeof navigator.credentials?.get === 'function' &&
  !isIpAddress(window.location.hostname);

/** Whether the browser offers passkeys in the email field's suggestions (conditional mediation). */
export async function browserHasPasskeyAutofill(): Promise<boolean> {
  if (!browserHasPasskeys()) return false;
  const check = (
    window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> }
  ).isConditionalMediationAvailable;
  return typeof check === 'function' ? check().catch(() => false) : false;
}

/** What a person reads about passkeys, shown with `t()` in the page's language. */
export const PASSKEY_TEXT = {
  unsupported: msg`This browser cannot use passkeys. You can still log in with your email and password.`,
  cancelled: msg`No passkey was used. You can try again.`,
  addCancelled: msg`No passkey was added. You can try again.`,
  alreadyOnDevice: msg`This device already has a passkey for you.`,
  added: msg`Passkey added. Next time, tap "Sign in with a passkey".`,
  removed: msg`Passkey removed.`,
  signInFailed: msg`We could not sign you in with a passkey. Please try again, or use your email and password.`,
  addFailed: msg`We could not add a passkey. Please try again.`,
} satisfies Record<string, MessageDescriptor>;

/** The browser's error names for a ceremony the user stopped or the browser ended (timeout, another began). */
const STOPPED = new Set(['NotAllowedError', 'AbortError']);

/** The plain words for a failed WebAuthn call of the browser (not of our server): what a person can do next. */
export function ceremonyProblem(error: unknown, kind: 'add' | 'sign-in'): MessageDescriptor | null {
  if (!(error instanceof Error)) return null;
  const code = (error as { code?: string }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return PASSKEY_TEXT.alreadyOnDevice;
  if (STOPPED.has(error.name) || code === 'ERROR_CEREMONY_ABORTED')
    return kind === 'add' ? PASSKEY_TEXT.addCancelled : PASSKEY_TEXT.cancelled;
  if (/not supported/i.test(error.message)) return PASSKEY_TEXT.unsupported;
  return null;
}

/** True when a ceremony was ended by the page itself (a newer one began): nothing to tell the user. */
export const isSupersededCeremony = (error: unknown) =>
  error instanceof Error && (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED';
