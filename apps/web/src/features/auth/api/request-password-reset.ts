import { useMutation } from '@tanstack/react-query';
import type { TResetRequest } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export function requestPasswordReset(body: TResetRequest): Promise<unknown> {
  return apiFetch('/reset-password/', { method: 'POST', body, auth: false });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
