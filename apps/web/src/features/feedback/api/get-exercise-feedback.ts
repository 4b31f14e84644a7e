import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { apiFetch } from '../../../lib/api-client';

/** GET /feedback/?exercise={id}: every entry for the exercise, newest first. */
export function getExerciseFeedback(exerciseId: string): Promise<TFeedback[]> {
  return apiFetch<TFeedback[]>(`/feedback/?exercise=${encodeURIComponent(exerciseId)}`);
}

export function exerciseFeedbackQueryOptions(exerciseId: string) {
  return queryOptions({
    queryKey: ['feedback', 'exercise', exerciseId] as const,
    queryFn: () => getExerciseFeedback(exerciseId),
  });
}

export function useExerciseFeedback(exerciseId: string) {
  return useQuery(exerciseFeedbackQueryOptions(exerciseId));
}
