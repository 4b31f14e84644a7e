import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@hep/shared/schemas/messages';
import { apiFetch, apiUpload, isNetworkFailure, type UploadProgress } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { isOffline, keepSave } from '../../../lib/offline/outbox-actions';
import { loadOutbox } from '../../../lib/offline/outbox-loader';
import { getSession } from '../../../lib/session';
import { messageKeys, UNREAD_CHANGED_EVENT } from './messages-keys';

/** The day's exercise a message is about (docs/product/messages.md#calls). */
export interface MessageTie {
  program_id: number;
  exercise_id: number;
  day: string;
}

export interface SendMessageInput {
  text: string;
  /** A photo or a video, sent as the `image` or `video` part. */
  file: File | null;
  about: MessageTie | null;
  /** One key per message, kept across retries, so that a repeat after a lost answer sends once. */
  key: string;
  /**
   * The client's own conversation: with no connection the message waits in the phone's outbox, like feedback, and is
   * sent when the connection returns.
   */
  keepOffline: boolean;
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
}

export type SendMessageOutcome = { queued: false; message: TMessage } | { queued: true };

const pathOf = (clientId: number) => `/clients/${clientId}/messages/`;

/** The JSON body: the text and the day's exercise it is about. */
const jsonOf = ({ text, about }: Pick<SendMessageInput, 'text' | 'about'>) =>
  about ? { text, program_id: about.program_id, exercise_id: about.exercise_id, day: about.day } : { text };

/** The same as a form's text fields. */
const fieldsOf = (input: Pick<SendMessageInput, 'text' | 'about'>): Record<string, string> =>
  Object.fromEntries(Object.entries(jsonOf(input)).map(([name, value]) => [name, String(value)]));

function formOf(input: SendMessageInput): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fieldsOf(input))) form.set(name, value);
  if (input.file)
    form.set(input.file.type.startsWith('video/') ? 'video' : 'image', input.file, input.file.name);
  return form;
}

/**
 * POST /clients/{client_id}/messages/ with an Idempotency-Key: JSON, or a form with the photo or video (its upload
 * reported and cancellable). A client's message finding no connection is kept in the outbox with the same key.
 */
export async function sendMessage(clientId: number, input: SendMessageInput): Promise<SendMessageOutcome> {
  const { key, file, keepOffline, signal, onProgress } = input;
  const path = pathOf(clientId);
  const headers = { 'Idempotency-Key': key };
  const userId = keepOffline ? getSession().user?.id : undefined;
  const keep = async (owner: number, failure: unknown): Promise<SendMessageOutcome> => {
    try {
      await keepSave({
        key,
        userId: owner,
        kind: 'message',
        json: jsonOf(input),
        method: 'POST',
        path,
        fields: fieldsOf(input),
        media: file,
        program: input.about?.program_id ?? 0,
        exercise: input.about?.exercise_id ?? 0,
        exerciseName: null,
        date: input.about?.day ?? '',
      });
    } catch {
      throw failure; // nowhere to keep it (no IndexedDB): the form says it was not sent
    }
    return { queued: true };
  };
  if (userId !== undefined && isOffline()) return keep(userId, networkError());
  try {
    const message = file
      ? await apiUpload<TMessage>(path, { method: 'POST', body: formOf(input), headers, signal, onProgress })
      : await apiFetch<TMessage>(path, { method: 'POST', body: jsonOf(input), headers, signal });
    return { queued: false, message };
  } catch (error) {
    if (userId !== undefined && isNetworkFailure(error)) return keep(userId, error);
    throw error;
  }
}

export function useSendMessage(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendMessageInput) => sendMessage(clientId, input),
    // Offline a client's message is kept on the phone: the call must run, not wait paused for the connection.
    networkMode: 'always',
    onSuccess: (outcome) =>
      queryClient.invalidateQueries({
        queryKey: outcome.queued ? messageKeys.waiting(clientId) : messageKeys.conversation(clientId),
      }),
  });
}

/** A message of this conversation waiting in the phone's outbox. */
export interface WaitingMessage {
  key: string;
  text: string;
  fileName: string | null;
  refused: string | null;
}

/** The client's messages still on this phone, oldest first, shown at the end of the conversation until sent. */
export function useWaitingMessages(clientId: number, userId: number, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...messageKeys.waiting(clientId), userId],
      queryFn: async (): Promise<WaitingMessage[]> => {
        const entries = await (await loadOutbox()).listEntries(userId);
        return entries
          .filter((entry) => entry.kind === 'message' && entry.path === pathOf(clientId))
          .map((entry) => ({
            key: entry.key,
            text: entry.fields.text ?? '',
            fileName: entry.mediaName,
            refused: entry.refused,
          }));
      },
      enabled,
      // No IndexedDB (a private window): nothing waits.
      retry: false,
      // It reads this phone, not the network: offline is when it matters most.
      networkMode: 'always',
    }),
  );
}

/** DELETE /messages/{id}/: the sender, within 5 minutes. */
export function useRemoveMessage(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<void>(`/messages/${id}/`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.conversation(clientId) }),
  });
}

/** POST /clients/{client_id}/messages/read/: read up to the newest message shown. */
export function useReadMessages(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) =>
      apiFetch<void>(`/clients/${clientId}/messages/read/`, { method: 'POST', body: { up_to: upTo } }),
    onSuccess: () => {
      window.dispatchEvent(new Event(UNREAD_CHANGED_EVENT));
      return queryClient.invalidateQueries({ queryKey: messageKeys.unread });
    },
  });
}
