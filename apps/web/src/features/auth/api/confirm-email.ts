import { useMutation } from '@tanstack/react-query';
import type { TConfirmEmail, TConfirmEmailResponse } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

/** POST /confirm-email/: uses the link an email change sent to the new address (no sign-in needed). */
export function confirmEmail(body: TConfirmEmail): Promise<TConfirmEmailResponse> {
  return apiFetch<TConfirmEmailResponse>('/confirm-email/', { method: 'POST', body, auth: false });
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: confirmEmail });
}
