import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TLibraryTag } from '@hep/shared/schemas/library';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

/** GET /library/tags/: every tag the caller's library items carry, with how many carry it. */
export function getLibraryTags(signal?: AbortSignal) {
  return apiFetch<TLibraryTag[]>('/library/tags/', { signal });
}

export const libraryTagsQueryOptions = () =>
  queryOptions({
    queryKey: libraryKeys.tags(),
    queryFn: ({ signal }) => getLibraryTags(signal),
    staleTime: 5 * 60_000,
  });

export const useLibraryTags = () => useQuery(libraryTagsQueryOptions());
