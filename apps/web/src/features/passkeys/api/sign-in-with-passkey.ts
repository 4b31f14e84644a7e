import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { TLoginResponse } from '@hep/shared/schemas/auth';
import type { TAuthenticationOptions } from '@hep/shared/schemas/passkeys';
import { apiFetch } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { loadWebAuthn } from '../utils/webauthn';

/**
 * Options from the server, the browser's passkey prompt (or, with `autofill`, the email field's suggestions), then
 * POST /passkeys/sign-in/. The answer is a login's: the session starts as after a password, and the login page
 * moves on the same way.
 */
export async function signInWithPasskey({ autofill = false } = {}): Promise<TLoginResponse> {
  const [options, { startAuthentication }] = await Promise.all([
    apiFetch<TAuthenticationOptions>('/passkeys/sign-in/options/', { method: 'POST', auth: false }),
    loadWebAuthn(),
  ]);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  const login = await apiFetch<TLoginResponse>('/passkeys/sign-in/', {
    method: 'POST',
    body: { response },
    auth: false,
  });
  startSession(login);
  return login;
}

/** On the login page, which paints without the query library (lib/use-action.ts). */
export function useSignInWithPasskey() {
  return useAction(signInWithPasskey);
}
