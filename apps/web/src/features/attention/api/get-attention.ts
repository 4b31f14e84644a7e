import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAttentionList } from '@hep/shared/schemas/attention';
import { apiFetch } from '../../../lib/api-client';

export const attentionQueryKey = ['attention'] as const;

/** GET /attention/: the caller's clients who need a look (a therapist's own, all for staff), worst first. */
export function getAttention(signal?: AbortSignal): Promise<TAttentionList> {
  return apiFetch<TAttentionList>('/attention/', { signal });
}

export function attentionQueryOptions() {
  return queryOptions({
    queryKey: attentionQueryKey,
    queryFn: ({ signal }) => getAttention(signal),
  });
}

export function useAttention() {
  return useQuery(attentionQueryOptions());
}
