import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFeedback, TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { isApiError } from '../../../lib/api-error';
import { apiUpload, type UploadProgress } from '../../../lib/api-client';
import { dayFeedbackKey } from './get-day-feedback';

export interface SaveFeedbackInput {
  /** Absent: POST /feedback/ (a new completion); present: PUT /feedback/{id}/. */
  feedbackId?: number;
  /** The exercise's program: the day's cached entries are kept under it. Not sent. */
  program: number;
  exercise: number;
  date: string;
  effort: number;
  feeling: string;
  /** Sent only when newly chosen: on PUT a missing part keeps the current photo or video. */
  media: File | null;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

/** The multipart form of spec section 7: exercise, effort_rating, feeling, date_completed and optional media. */
export function buildFeedbackBody(
  input: Omit<SaveFeedbackInput, 'feedbackId' | 'program' | 'signal' | 'onProgress'>,
) {
  const body = new FormData();
  body.set('exercise', String(input.exercise));
  body.set('date_completed', input.date);
  body.set('effort_rating', String(input.effort));
  body.set('feeling', input.feeling);
  if (input.media) body.set('media', input.media, input.media.name);
  return body;
}

export function saveFeedback({
  feedbackId,
  program: _program,
  signal,
  onProgress,
  ...fields
}: SaveFeedbackInput) {
  const isNew = feedbackId === undefined;
  return apiUpload<TSaveFeedbackResponse>(isNew ? '/feedback/' : `/feedback/${feedbackId}/`, {
    method: isNew ? 'POST' : 'PUT',
    body: buildFeedbackBody(fields),
    signal,
    onProgress,
  });
}

function withEntry(list: TFeedback[] | undefined, saved: TFeedback): TFeedback[] {
  const others = (list ?? []).filter((entry) => entry.id !== saved.id && entry.exercise !== saved.exercise);
  return [...others, saved];
}

export function useSaveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeedback,
    onSuccess: ({ feedback }) => {
      const dayKey = dayFeedbackKey(feedback.program, feedback.date_completed);
      queryClient.setQueryData<TFeedback[]>(dayKey, (list) => withEntry(list, feedback));
      // Day statuses (the weekly list, the calendar) and "last completed" dates change with every completion:
      // mark every other cached answer stale so that the next screen asks again, without refetching here.
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryHash !== hashKey(dayKey),
        refetchType: 'none',
      });
    },
    onError: (error, input) => {
      // 409: the day already has an entry (sent from another tab or device): load it, so that the form offers
      // Update Feedback with what is entered here instead of a second I did it!.
      if (isApiError(error) && error.status === 409)
        return queryClient.invalidateQueries({ queryKey: dayFeedbackKey(input.program, input.date) });
    },
  });
}
