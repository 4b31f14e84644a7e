import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAssignMeasure, TMeasureAssignment } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';
import { clientMeasuresKey } from './get-client-measures';

/** POST /clients/{client_id}/measures/ */
export function useAssignMeasure(clientId: number | string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAssignMeasure) =>
      apiFetch<TMeasureAssignment>(`/clients/${encodeURIComponent(String(clientId))}/measures/`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientMeasuresKey(clientId) }),
  });
}
