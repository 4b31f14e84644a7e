import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { apiFetch } from '../../../lib/api-client';

export const dayFeedbackKey = (programId: number, date: string) =>
  ['feedback', 'program', String(programId), date] as const;

/** GET /program-feedback/?program=&date_completed=: every exercise's entry for that day, in one call. */
export function getDayFeedback(programId: number, date: string): Promise<TFeedback[]> {
  const query = new URLSearchParams({ program: String(programId), date_completed: date });
  return apiFetch<TFeedback[]>(`/program-feedback/?${query}`);
}

export function dayFeedbackQueryOptions(programId: number, date: string) {
  return queryOptions({
    queryKey: dayFeedbackKey(programId, date),
    queryFn: () => getDayFeedback(programId, date),
  });
}

export function useDayFeedback(programId: number, date: string, enabled = true) {
  return useQuery({ ...dayFeedbackQueryOptions(programId, date), enabled });
}
