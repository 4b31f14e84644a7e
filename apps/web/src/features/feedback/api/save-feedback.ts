import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { hashKey, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFeedback, TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { isApiError, networkError } from '../../../lib/api-error';
import { apiUpload, isNetworkFailure, type UploadProgress } from '../../../lib/api-client';
import { isOffline, keepSave } from '../../../lib/offline/outbox-actions';
import { newIdempotencyKey } from '../../../lib/offline/outbox-rules';
import { getSession } from '../../../lib/session';
import { dayFeedbackKey } from './get-day-feedback';

export interface SaveFeedbackInput {
  /** Absent: POST /feedback/ (a new completion); present: PUT /feedback/{id}/. */
  feedbackId?: number;
  /** The exercise's program: the day's cached entries are kept under it. Not sent. */
  program: number;
  exercise: number;
  /** Names the exercise in a message if a save kept offline is later refused. Not sent. */
  exerciseName?: string;
  date: string;
  effort: number;
  /**
   * Pain (docs/product/feedback-and-progress.md#pain): 0-10, or null for no answer (left out of the form, which on
   * PUT clears it).
   */
  pain: number | null;
  feeling: string;
  /** Sent only when newly chosen: on PUT a missing part keeps the current photo or video. */
  media: File | null;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

type FeedbackFields = Pick<SaveFeedbackInput, 'exercise' | 'date' | 'effort' | 'pain' | 'feeling'>;

/**
 * The text fields of the feedback form (exercise, effort_rating, feeling, date_completed:
 * docs/product/feedback-and-progress.md#feedback-form) and the pain when given. The phone's outbox keeps these same
 * fields, so a save sent later carries the pain too.
 */
function feedbackFields(input: FeedbackFields): Record<string, string> {
  return {
    exercise: String(input.exercise),
    date_completed: input.date,
    effort_rating: String(input.effort),
    ...(input.pain === null ? {} : { pain: String(input.pain) }),
    feeling: input.feeling,
  };
}

/**
 * The multipart form (docs/product/feedback-and-progress.md#feedback-form): the text fields and the optional media.
 */
export function buildFeedbackBody(input: FeedbackFields & Pick<SaveFeedbackInput, 'media'>) {
  const body = new FormData();
  for (const [name, value] of Object.entries(feedbackFields(input))) body.set(name, value);
  if (input.media) body.set('media', input.media, input.media.name);
  return body;
}

/**
 * What a save gives back: the server's answer, or, offline, the entry kept on this phone (IndexedDB) to be sent
 * when the connection returns (docs/product/session.md#offline-feedback). Screens show `OFFLINE_SAVED_TEXT` for a
 * queued one.
 */
export type SaveFeedbackOutcome =
  | ({ queued: false } & TSaveFeedbackResponse)
  | { queued: true; /** The entry's key in the phone's queue, also its Idempotency-Key. */ localId: string };

export const OFFLINE_SAVED_TEXT: MessageDescriptor = msg`Saved on this phone. It will be sent when you are online.`;

/**
 * Sends the save with a new Idempotency-Key. With no connection (known before, or no answer at all) it is kept on
 * this phone with that key instead, so that sending it again later can never count it twice.
 */
export async function saveFeedback({
  feedbackId,
  program,
  exerciseName,
  signal,
  onProgress,
  ...fields
}: SaveFeedbackInput): Promise<SaveFeedbackOutcome> {
  const isNew = feedbackId === undefined;
  const method = isNew ? 'POST' : 'PUT';
  const path = isNew ? '/feedback/' : `/feedback/${feedbackId}/`;
  const key = newIdempotencyKey();
  const userId = getSession().user?.id;
  const keep = async (owner: number, failure: unknown): Promise<SaveFeedbackOutcome> => {
    try {
      await keepSave({
        key,
        userId: owner,
        method,
        path,
        fields: feedbackFields(fields),
        media: fields.media,
        program,
        exercise: fields.exercise,
        exerciseName: exerciseName ?? null,
        date: fields.date,
      });
    } catch {
      throw failure; // nowhere to keep it (no IndexedDB): the form says it was not sent
    }
    return { queued: true, localId: key };
  };
  if (userId !== undefined && isOffline()) return keep(userId, networkError());
  try {
    const answer = await apiUpload<TSaveFeedbackResponse>(path, {
      method,
      body: buildFeedbackBody(fields),
      headers: { 'Idempotency-Key': key },
      signal,
      onProgress,
    });
    return { queued: false, ...answer };
  } catch (error) {
    if (userId !== undefined && isNetworkFailure(error)) return keep(userId, error);
    throw error;
  }
}

function withEntry(list: TFeedback[] | undefined, saved: TFeedback): TFeedback[] {
  const others = (list ?? []).filter((entry) => entry.id !== saved.id && entry.exercise !== saved.exercise);
  return [...others, saved];
}

/**
 * Puts a saved entry into its day's cached list and marks every other cached answer stale (day statuses, the
 * weekly list and "last completed" dates change with every completion), so that the next screen asks again.
 */
export function rememberSavedFeedback(queryClient: QueryClient, feedback: TFeedback) {
  const dayKey = dayFeedbackKey(feedback.program, feedback.date_completed);
  queryClient.setQueryData<TFeedback[]>(dayKey, (list) => withEntry(list, feedback));
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryHash !== hashKey(dayKey),
    refetchType: 'none',
  });
}

export function useSaveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFeedback,
    // Offline the save still runs: it is kept on this phone (TanStack's default would pause it until online).
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (outcome.queued) return;
      return rememberSavedFeedback(queryClient, outcome.feedback);
    },
    onError: (error, input) => {
      // 409: the day already has an entry (sent from another tab or device): load it, so that the form offers
      // Update Feedback with what is entered here instead of a second I did it!.
      if (isApiError(error) && error.status === 409)
        return queryClient.invalidateQueries({ queryKey: dayFeedbackKey(input.program, input.date) });
    },
  });
}
