import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeasureResponse, TMeasureResponseResult } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/offline/outbox-rules';
import { dueMeasuresKey } from './get-due-measures';

export interface TSaveMeasureResponse extends TMeasureResponse {
  assignmentId: number;
  /** One key per answer, kept across retries, so that a repeat after a lost answer saves once. */
  key: string;
}

export const newResponseKey = () => newIdempotencyKey();

/** POST /measures/assignments/{id}/responses/ with an Idempotency-Key. */
export function saveMeasureResponse({ assignmentId, key, ...body }: TSaveMeasureResponse) {
  return apiFetch<TMeasureResponseResult>(`/measures/assignments/${assignmentId}/responses/`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

export function useSaveMeasureResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeasureResponse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dueMeasuresKey }),
  });
}
