import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientListItem } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientDetailsKey } from './get-client-details';

export const clientKeys = {
  all: ['clients'] as const,
  list: () => ['clients', 'list'] as const,
  detail: clientDetailsKey,
};

/** GET /users/clients/: the caller's care-team clients. */
export function getClients(): Promise<TClientListItem[]> {
  return apiFetch<TClientListItem[]>('/users/clients/');
}

export function clientsQueryOptions() {
  return queryOptions({ queryKey: clientKeys.list(), queryFn: getClients });
}

export function useClients() {
  return useQuery(clientsQueryOptions());
}
