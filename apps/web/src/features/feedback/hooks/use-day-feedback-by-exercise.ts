import { useMemo } from 'react';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { useLogFailure } from '../../../lib/use-log-failure';
import { useDayFeedback } from '../api/get-day-feedback';

/**
 * A program's feedback for one day (one call for all its exercises), by exercise, and the exercises done that day.
 * A failure to load it is only logged (docs/product/feedback-and-progress.md#feedback-card): the page carries on
 * without it.
 */
export function useDayFeedbackByExercise(programId: number, date: string, enabled = true) {
  const feedback = useDayFeedback(programId, date, enabled);
  useLogFailure(feedback.error, "Failed to load the day's feedback");
  const byExercise = useMemo(
    () => new Map<number, TFeedback>((feedback.data ?? []).map((entry) => [entry.exercise, entry])),
    [feedback.data],
  );
  const completedIds = useMemo(() => new Set(byExercise.keys()), [byExercise]);
  return { feedback, byExercise, completedIds };
}
