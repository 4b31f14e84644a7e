import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttentionItem, TAttentionList } from '@hep/shared/schemas/attention';
import { apiFetch } from '../../../lib/api-client';
import { attentionQueryKey } from './get-attention';

export interface TUnreviewAttentionInput {
  item: TAttentionItem;
  /** The list with the client back in its place, shown until the server's answer comes. */
  restore: (list: TAttentionList) => TAttentionList;
}

/** DELETE /attention/{client_id}/reviewed/?codes=: Undo of Mark reviewed; those reasons are no longer reviewed. */
export function unreviewAttention({ item }: TUnreviewAttentionInput): Promise<void> {
  const codes = item.reasons.map((reason) => reason.code).join(',');
  return apiFetch<void>(`/attention/${item.client_id}/reviewed/?codes=${codes}`, { method: 'DELETE' });
}

/** `onUndone` runs on success even when the caller's component has gone meanwhile. */
export function useUnreviewAttention(onUndone?: (input: TUnreviewAttentionInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unreviewAttention,
    onSuccess: (_answer, input) => {
      const { restore } = input;
      onUndone?.(input);
      queryClient.setQueryData<TAttentionList>(attentionQueryKey, (list) => list && restore(list));
      return queryClient.invalidateQueries({ queryKey: attentionQueryKey });
    },
  });
}
