import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFromExercise, TLibraryExercise } from '@hep/shared/schemas/library';
import { apiFetch } from '../../../lib/api-client';
import { libraryKeys } from './library-keys';

/** POST /library/exercises/from-exercise/: a program's saved exercise into the clinic's library, by reference. */
export function saveExerciseToLibrary(exerciseId: number): Promise<TLibraryExercise> {
  const body: TFromExercise = { exercise_id: exerciseId };
  return apiFetch<TLibraryExercise>('/library/exercises/from-exercise/', { method: 'POST', body });
}

export function useSaveExerciseToLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExerciseToLibrary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
