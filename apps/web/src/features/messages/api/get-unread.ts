import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUnreadMessages } from '@hep/shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './messages-keys';

/** GET /messages/unread/: the caller's unread messages, in all and by conversation. */
export function useUnreadMessages(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: messageKeys.unread,
      queryFn: () => apiFetch<TUnreadMessages>('/messages/unread/'),
      enabled,
    }),
  );
}
