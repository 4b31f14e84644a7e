import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

/** DELETE /library/exercises/{id}/: programs that used it keep their own copy of its text and media. */
export function deleteLibraryExercise(id: number): Promise<void> {
  return apiFetch<void>(`/library/exercises/${id}/`, { method: 'DELETE' });
}

export function useDeleteLibraryExercise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLibraryExercise,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
