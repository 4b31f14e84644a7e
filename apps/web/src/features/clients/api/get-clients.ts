import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TClientListPage, TClientSearchField } from '@hep/shared/schemas/clients';
import { apiFetch } from '../../../lib/api-client';
import { clientDetailsKey } from './get-client-details';

/** What the list is searched for: a part of a name, or a yyyy-MM-dd date of birth; an empty term lists everyone. */
export interface TClientSearch {
  by: TClientSearchField;
  term: string;
}

export const clientKeys = {
  all: ['clients'] as const,
  list: () => ['clients', 'list'] as const,
  // An empty term lists everyone whatever the field, so it is one cache entry.
  search: ({ by, term }: TClientSearch) => ['clients', 'list', term ? { by, term } : {}] as const,
  detail: clientDetailsKey,
};

/** GET /users/clients/?page=&q=&by=: one page (50) of the caller's care-team clients, searched on the server. */
export function getClientPage(
  search: TClientSearch,
  page: number,
  signal?: AbortSignal,
): Promise<TClientListPage> {
  const params = new URLSearchParams({ page: String(page) });
  if (search.term) {
    params.set('q', search.term);
    params.set('by', search.by);
  }
  return apiFetch<TClientListPage>(`/users/clients/?${params.toString()}`, { signal });
}

export function clientPagesQueryOptions(search: TClientSearch) {
  return infiniteQueryOptions({
    queryKey: clientKeys.search(search),
    queryFn: ({ pageParam, signal }) => getClientPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The pages loaded so far; while a new search loads, the last search's rows stay (placeholder data). */
export function useClientPages(search: TClientSearch) {
  return useInfiniteQuery({ ...clientPagesQueryOptions(search), placeholderData: keepPreviousData });
}
