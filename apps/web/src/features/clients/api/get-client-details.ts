import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientDetails } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientKeys } from './get-clients';

/** GET /users/client_details/?id= */
export function getClientDetails(clientId: string): Promise<TClientDetails> {
  return apiFetch<TClientDetails>(`/users/client_details/?id=${encodeURIComponent(clientId)}`);
}

export function clientDetailsQueryOptions(clientId: string) {
  return queryOptions({ queryKey: clientKeys.detail(clientId), queryFn: () => getClientDetails(clientId) });
}

export function useClientDetails(clientId: string) {
  return useQuery(clientDetailsQueryOptions(clientId));
}
