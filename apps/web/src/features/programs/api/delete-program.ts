import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** DELETE /programs/{id}/: removes its exercises, feedback and media. */
export function deleteProgram(programId: number): Promise<void> {
  return apiFetch<void>(`/programs/${programId}/`, { method: 'DELETE' });
}

/** Deletes a program; every program list is refreshed. */
export function useDeleteProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProgram,
    onSuccess: (_data, programId) => {
      queryClient.removeQueries({ queryKey: programKeys.detail(programId) });
      return queryClient.invalidateQueries({ queryKey: programKeys.all });
    },
  });
}
