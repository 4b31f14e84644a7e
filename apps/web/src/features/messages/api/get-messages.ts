import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TMessagePage } from '@hep/shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './messages-keys';

/** GET /clients/{client_id}/messages/?before=: a page of the conversation, newest first. */
export const getMessagePage = (clientId: number, before: number | null) =>
  apiFetch<TMessagePage>(`/clients/${clientId}/messages/${before ? `?before=${before}` : ''}`);

/** The conversation page by page, the newest first; older pages on request. */
export function useMessages(clientId: number) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: messageKeys.conversation(clientId),
      queryFn: ({ pageParam }) => getMessagePage(clientId, pageParam),
      initialPageParam: null as number | null,
      getNextPageParam: (page) => page.next,
    }),
  );
}
