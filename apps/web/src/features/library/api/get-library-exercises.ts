import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TLibraryPage } from '@hep/shared/schemas/library';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys, type TLibrarySearch } from './library-keys';

/** GET /library/exercises/?q=&tag=&page=: one page (25) of the starter library and the clinic's own. */
export function getLibraryPage(search: TLibrarySearch, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page) });
  if (search.q) params.set('q', search.q);
  for (const tag of search.tags) params.append('tag', tag);
  return apiFetch<TLibraryPage>(`/library/exercises/?${params.toString()}`, { signal });
}

export function libraryPagesQueryOptions(search: TLibrarySearch) {
  return infiniteQueryOptions({
    queryKey: libraryKeys.search(search),
    queryFn: ({ pageParam, signal }) => getLibraryPage(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The pages loaded so far; while a new search loads, the last one's items stay (no flash of an empty list). */
export function useLibraryPages(search: TLibrarySearch) {
  return useInfiniteQuery({ ...libraryPagesQueryOptions(search), placeholderData: keepPreviousData });
}
