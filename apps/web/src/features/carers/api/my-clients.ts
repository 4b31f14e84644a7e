import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCarerClient } from '@hep/shared/schemas/carers';
import { apiFetch } from '../../../lib/api-client';

/** GET /carers/me/clients/: the clients a carer helps, each with the link's access. */
export function useMyClients() {
  return useQuery(
    queryOptions({
      queryKey: ['carers', 'me', 'clients'] as const,
      queryFn: () => apiFetch<TCarerClient[]>('/carers/me/clients/'),
    }),
  );
}
