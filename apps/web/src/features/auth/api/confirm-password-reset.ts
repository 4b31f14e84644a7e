import { useMutation } from '@tanstack/react-query';
import type { TResetConfirm, TResetConfirmResponse } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export function confirmPasswordReset(body: TResetConfirm): Promise<TResetConfirmResponse> {
  return apiFetch<TResetConfirmResponse>('/reset-password-confirm/', { method: 'POST', body, auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
