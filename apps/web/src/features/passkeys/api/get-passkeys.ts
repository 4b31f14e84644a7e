import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPasskey } from '@hep/shared/schemas/passkeys';
import { apiFetch } from '../../../lib/api-client';

export const passkeysQueryKey = ['passkeys'] as const;

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: () => apiFetch<TPasskey[]>('/passkeys/'),
  });
}

/** GET /passkeys/: the signed-in user's passkeys. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}
