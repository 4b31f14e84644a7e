import { useMutation } from '@tanstack/react-query';
import type { TResetConfirm } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export interface TResetConfirmResult {
  email: string;
  message: string;
  success: true;
}

export function confirmPasswordReset(body: TResetConfirm): Promise<TResetConfirmResult> {
  return apiFetch<TResetConfirmResult>('/reset-password-confirm/', { method: 'POST', body, auth: false });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
