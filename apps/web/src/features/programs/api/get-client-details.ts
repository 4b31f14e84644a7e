import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientDetails } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';

export function getClientDetails(clientId: string): Promise<TClientDetails> {
  return apiFetch<TClientDetails>(`/users/client_details/?id=${encodeURIComponent(clientId)}`);
}

export function clientDetailsQueryOptions(clientId: string) {
  return queryOptions({
    // The same key as the clients feature's call: coming from the client page, the name is already cached.
    queryKey: ['clients', 'detail', clientId] as const,
    queryFn: () => getClientDetails(clientId),
  });
}

/** The client a program form is for: the page shows the name as "Last, First". */
export function useClientDetails(clientId: string) {
  return useQuery(clientDetailsQueryOptions(clientId));
}
