import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttentionCode, TAttentionList } from '@hep/shared/schemas/attention';
import { apiFetch } from '../../../lib/api-client';
import { attentionQueryKey } from './get-attention';

export interface TReviewAttentionInput {
  clientId: number;
  codes: TAttentionCode[];
}

/** POST /attention/{client_id}/reviewed/ {codes}: hides those reasons until something newer happens. */
export function reviewAttention({ clientId, codes }: TReviewAttentionInput): Promise<{ message: string }> {
  return apiFetch<{ message: string }>(`/attention/${clientId}/reviewed/`, {
    method: 'POST',
    body: { codes },
  });
}

/** `onReviewed` runs on success even when the caller's component has gone meanwhile. */
export function useReviewAttention(onReviewed?: (input: TReviewAttentionInput) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewAttention,
    onSuccess: (_answer, input) => {
      const { clientId, codes } = input;
      onReviewed?.(input);
      // The reviewed reasons go at once; the refetch then brings anything that happened meanwhile.
      queryClient.setQueryData<TAttentionList>(attentionQueryKey, (list) =>
        list
          ?.map((item) =>
            item.client_id === clientId
              ? { ...item, reasons: item.reasons.filter((reason) => !codes.includes(reason.code)) }
              : item,
          )
          .filter((item) => item.reasons.length > 0),
      );
      return queryClient.invalidateQueries({ queryKey: attentionQueryKey });
    },
  });
}
