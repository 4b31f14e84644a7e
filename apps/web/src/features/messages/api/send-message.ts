import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMessage, TSendMessage } from '@hep/shared/schemas/messages';
import { apiFetch } from '../../../lib/api-client';
import { messageKeys } from './messages-keys';

/** POST /clients/{client_id}/messages/ with an Idempotency-Key, so that a retry after a lost answer sends once. */
export function useSendMessage(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key, ...body }: TSendMessage & { key: string }) =>
      apiFetch<TMessage>(`/clients/${clientId}/messages/`, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversation(clientId) }),
  });
}

/** DELETE /messages/{id}/: the sender, within 5 minutes. */
export function useRemoveMessage(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/messages/${id}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversation(clientId) }),
  });
}

/** POST /clients/{client_id}/messages/read/: read up to the newest message shown. */
export function useReadMessages(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      apiFetch<void>(`/clients/${clientId}/messages/read/`, { method: 'POST', body: { up_to: upTo } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
  });
}
