import { useMutation } from '@tanstack/react-query';
import type { TTerms } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export function submitTerms(body: TTerms): Promise<{ agreed: true }> {
  return apiFetch<{ agreed: true }>('/terms/', { method: 'POST', body });
}

export function useSubmitTerms() {
  return useMutation({ mutationFn: submitTerms });
}
