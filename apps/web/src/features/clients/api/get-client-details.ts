import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientDetails } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';

// The client's details: the client pages and the Create Program page (which shows the client's name) share
// one call and one cache entry.

export const clientDetailsKey = (clientId: number | string) =>
  ['clients', 'detail', String(clientId)] as const;

/** GET /users/client_details/?id= */
export function getClientDetails(clientId: string): Promise<TClientDetails> {
  return apiFetch<TClientDetails>(`/users/client_details/?id=${encodeURIComponent(clientId)}`);
}

export function clientDetailsQueryOptions(clientId: string) {
  return queryOptions({ queryKey: clientDetailsKey(clientId), queryFn: () => getClientDetails(clientId) });
}

export function useClientDetails(clientId: string) {
  return useQuery(clientDetailsQueryOptions(clientId));
}
