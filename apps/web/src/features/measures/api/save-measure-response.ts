import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMeasureResponse, TMeasureResponseResult } from '@hep/shared/schemas/measures';
import { apiFetch, isNetworkFailure } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { isOffline, keepSave } from '../../../lib/offline/outbox-actions';
import { newIdempotencyKey } from '../../../lib/offline/outbox-rules';
import { getSession } from '../../../lib/session';
import { dueMeasuresKey } from './get-due-measures';
import { waitingMeasuresKey } from './get-waiting-measures';

export interface TSaveMeasureResponse extends TMeasureResponse {
  assignmentId: number;
  /** One key per answer, kept across retries, so that a repeat after a lost answer saves once. */
  key: string;
  /** For the phone's outbox, should there be no connection: the measure's short name and the day it was due. */
  shortName: string;
  due: string;
}

/** The server's answer, or, with no connection, the answers kept on this phone to be sent later. */
export type TMeasureSaveOutcome = ({ queued: false } & TMeasureResponseResult) | { queued: true };

export const newResponseKey = () => newIdempotencyKey();

/** The call itself, online only: a therapist entering a performance test at the clinic. */
export function postMeasureResponse(assignmentId: number, key: string, body: TMeasureResponse) {
  return apiFetch<TMeasureResponseResult>(`/measures/assignments/${assignmentId}/responses/`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
}

/**
 * POST /measures/assignments/{id}/responses/ with an Idempotency-Key. Offline (known before, or no answer at all)
 * a client's answers are kept in the phone's outbox with that key, like feedback
 * (docs/product/outcome-measures.md#answering), and sent when the connection returns.
 */
export async function saveMeasureResponse({
  assignmentId,
  key,
  shortName,
  due,
  ...body
}: TSaveMeasureResponse): Promise<TMeasureSaveOutcome> {
  const path = `/measures/assignments/${assignmentId}/responses/`;
  const userId = getSession().user?.id;
  const keep = async (owner: number, failure: unknown): Promise<TMeasureSaveOutcome> => {
    try {
      await keepSave({
        key,
        userId: owner,
        kind: 'measure',
        json: body,
        method: 'POST',
        path,
        fields: {},
        media: null,
        program: 0,
        exercise: assignmentId,
        exerciseName: shortName,
        date: due,
      });
    } catch {
      throw failure; // nowhere to keep it (no IndexedDB): the screen says it was not sent
    }
    return { queued: true };
  };
  if (userId !== undefined && isOffline()) return keep(userId, networkError());
  try {
    return { queued: false, ...(await postMeasureResponse(assignmentId, key, body)) };
  } catch (error) {
    if (userId !== undefined && isNetworkFailure(error)) return keep(userId, error);
    throw error;
  }
}

export function useSaveMeasureResponse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMeasureResponse,
    // Offline, the save keeps the answers itself: it must run, not wait paused for the connection.
    networkMode: 'always',
    onSuccess: (outcome, input) => {
      // Kept on this phone: Today must not offer it again, not even for the moment its list of waiting answers is
      // read again.
      const userId = getSession().user?.id ?? null;
      if (outcome.queued)
        queryClient.setQueryData<number[]>([...waitingMeasuresKey, userId], (ids = []) => [
          ...ids,
          input.assignmentId,
        ]);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: dueMeasuresKey }),
        queryClient.invalidateQueries({ queryKey: waitingMeasuresKey }),
      ]);
    },
  });
}
