import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { TPasskey, TRegistrationOptions } from '@hep/shared/schemas/passkeys';
import { apiFetch } from '../../../lib/api-client';
import { loadWebAuthn } from '../utils/webauthn';
import { passkeysQueryKey } from './get-passkeys';

/** Options from the server, the browser's passkey prompt, then POST /passkeys/register/ with its answer. */
export async function addPasskey(): Promise<TPasskey> {
  const [options, { startRegistration }] = await Promise.all([
    apiFetch<TRegistrationOptions>('/passkeys/register/options/', { method: 'POST' }),
    loadWebAuthn(),
  ]);
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return apiFetch<TPasskey>('/passkeys/register/', { method: 'POST', body: { response } });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
