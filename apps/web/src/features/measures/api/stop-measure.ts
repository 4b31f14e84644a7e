import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { clientMeasuresKey } from './get-client-measures';

/** DELETE /measures/assignments/{id}/: no longer due; its results stay. */
export function useStopMeasure(clientId: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: number) =>
      apiFetch<void>(`/measures/assignments/${assignmentId}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMeasuresKey(clientId) }),
  });
}
