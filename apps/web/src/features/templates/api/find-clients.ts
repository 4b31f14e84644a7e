import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TClientListPage } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';

// The copy dialog's own search: the first page of matches is enough to pick from (a longer list asks for more
// letters), so it needs none of the client list's paging.

/** GET /users/clients/?q=&page=1: the caller's clients whose name (or date of birth) matches `term`. */
export function findClients(term: string, signal?: AbortSignal): Promise<TClientListPage> {
  const params = new URLSearchParams({ page: '1' });
  if (term) params.set('q', term);
  return apiFetch<TClientListPage>(`/users/clients/?${params.toString()}`, { signal });
}

export function clientMatchesQueryOptions(term: string) {
  return queryOptions({
    queryKey: ['clients', 'list', 'copy-picker', term] as const,
    queryFn: ({ signal }) => findClients(term, signal),
  });
}

/** While a new term loads, the last term's matches stay (placeholder data). Asks only while `enabled`. */
export function useClientMatches(term: string, enabled: boolean) {
  return useQuery({ ...clientMatchesQueryOptions(term), placeholderData: keepPreviousData, enabled });
}
