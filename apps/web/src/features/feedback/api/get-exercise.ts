import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TExercise } from '@hep/shared/schemas/programs';
import { apiFetch } from '../../../lib/api-client';

/** GET /exercises/{id}/: the exercise's name, discipline and program. */
export function getExercise(exerciseId: string): Promise<TExercise> {
  return apiFetch<TExercise>(`/exercises/${encodeURIComponent(exerciseId)}/`);
}

export function exerciseQueryOptions(exerciseId: string) {
  return queryOptions({
    queryKey: ['exercises', exerciseId] as const,
    queryFn: () => getExercise(exerciseId),
  });
}

export function useExercise(exerciseId: string) {
  return useQuery(exerciseQueryOptions(exerciseId));
}
