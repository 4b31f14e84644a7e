import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TResetValidateResponse } from '@hep/shared/schemas/auth';
import { apiFetch } from '../../../lib/api-client';

export function validateResetLink(uid: string, token: string): Promise<TResetValidateResponse> {
  const query = new URLSearchParams({ uid, token });
  return apiFetch<TResetValidateResponse>(`/reset-password/validate/?${query.toString()}`, { auth: false });
}

export function resetLinkQueryOptions(uid: string, token: string) {
  return queryOptions({
    queryKey: ['reset-link', uid, token],
    queryFn: () => validateResetLink(uid, token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useResetLink(uid: string, token: string) {
  return useQuery(resetLinkQueryOptions(uid, token));
}
