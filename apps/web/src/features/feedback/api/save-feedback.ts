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

/**
 * What a save gives back: the server's answer, or, offline, the entry kept on this phone (IndexedDB) to be sent
 * when the connection returns (design 10.5). Screens show `OFFLINE_SAVED_TEXT` for a queued one.
 */
export type SaveFeedbackOutcome =
  | ({ queued: false } & TSaveFeedbackResponse)
  | { queued: true; /** The entry's key in the phone's queue, also its Idempotency-Key. */ localId: string };

export const OFFLINE_SAVED_TEXT = 'Saved on this phone. It will be sent when you are online.';

export async function saveFeedback({
  feedbackId,
  program: _program,
  signal,
  onProgress,
  ...fields
}: SaveFeedbackInput): Promise<SaveFeedbackOutcome> {
  const isNew = feedbackId === undefined;
  const answer = await apiUpload<TSaveFeedbackResponse>(isNew ? '/feedback/' : `/feedback/${feedbackId}/`, {
    method: isNew ? 'POST' : 'PUT',
    body: buildFeedbackBody(fields),
    signal,
    onProgress,
  });
  return { queued: false, ...answer };
}

function withEntry(list: TFeedback[] | undefined, saved: TFeedback): TFeedback[] {
  const others = (list ?? []).filter((entry) => entry.id !== saved.id && entry.exercise !== saved.exercise);
  return [...others, saved];
}

export function useSaveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeedback,
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      const { feedback } = outcome;
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
