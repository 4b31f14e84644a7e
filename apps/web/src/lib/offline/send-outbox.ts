import type { TSaveFeedbackResponse } from '@hep/shared/schemas/feedback';
import { apiFetch, apiUpload } from '../api-client';
import { isApiError } from '../api-error';
import { queryClient } from '../query-client';
import { getSession } from '../session';
import { emitOutboxEvent } from './outbox-events';
import { refusedMessage, verdictFor } from './outbox-rules';
import { getEntry, listWaiting, markRefused, type OutboxEntry, removeEntry } from './outbox-store';
import { isOffline } from './online';

export interface SendPass {
  sent: number;
  /** Entries of the user still waiting after the pass. */
  left: number;
}

const LOCK = 'hep-offline-outbox';
let running: Promise<SendPass | null> | null = null;

/** Feedback's file part is `media`; a message's says what it is. */
const fileFieldOf = (entry: OutboxEntry) =>
  entry.kind !== 'message' ? 'media' : (entry.mediaType ?? '').startsWith('video/') ? 'video' : 'image';

function formOf(entry: OutboxEntry): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(entry.fields)) body.set(name, value);
  if (entry.media) {
    const media = entry.media.type ? entry.media : new Blob([entry.media], { type: entry.mediaType ?? '' });
    body.set(fileFieldOf(entry), media, entry.mediaName ?? 'media');
  }
  return body;
}

/** Sends one entry with its key: 'sent' (or a repeat of the first answer), 'refused' for good, or 'retry' later. */
async function sendEntry(entry: OutboxEntry): Promise<'sent' | 'refused' | 'retry'> {
  const ref = { key: entry.key, userId: entry.userId, exercise: entry.exercise, date: entry.date };
  const headers = { 'Idempotency-Key': entry.key };
  let answer: TSaveFeedbackResponse | null;
  try {
    // A questionnaire's answers and a message go as JSON or as a form of their own; the screens waiting on
    // feedback hear nothing of them (no 'sent').
    if (entry.kind === undefined)
      answer = await apiUpload<TSaveFeedbackResponse>(entry.path, {
        method: entry.method,
        body: formOf(entry),
        headers,
      });
    else {
      if (entry.media)
        await apiUpload<unknown>(entry.path, { method: entry.method, body: formOf(entry), headers });
      else await apiFetch<unknown>(entry.path, { method: entry.method, body: entry.json, headers });
      answer = null;
    }
  } catch (error) {
    const status = isApiError(error) ? error.status : 0;
    if (verdictFor(status) === 'retry') return 'retry';
    const message = refusedMessage(entry, {
      status,
      serverMessage: isApiError(error) ? error.serverMessage : null,
    });
    await markRefused(entry.key, message);
    emitOutboxEvent({ type: 'refused', message, ...ref });
    emitOutboxEvent({ type: 'changed' });
    return 'refused';
  }
  await removeEntry(entry.key);
  if (answer) emitOutboxEvent({ type: 'sent', method: entry.method, feedback: answer.feedback, ...ref });
  emitOutboxEvent({ type: 'changed' });
  return 'sent';
}

async function sendAll(userId: number): Promise<SendPass> {
  const entries = await listWaiting(userId);
  if (entries.length === 0) return { sent: 0, left: 0 };
  emitOutboxEvent({ type: 'sending', active: true });
  let sent = 0;
  try {
    // One at a time, oldest first; one that must wait stops the pass, so that a later save never overtakes it.
    for (const listed of entries) {
      if (getSession().user?.id !== userId || isOffline()) break;
      const entry = await getEntry(listed.key); // another tab may have sent it meanwhile
      if (!entry || entry.refused !== null) continue;
      const outcome = await sendEntry(entry);
      if (outcome === 'retry') break;
      if (outcome === 'sent') sent += 1;
    }
  } finally {
    emitOutboxEvent({ type: 'sending', active: false });
    // Day statuses, the week and "last completed" changed: screens showing them ask again.
    if (sent > 0) void queryClient.invalidateQueries();
  }
  return { sent, left: (await listWaiting(userId)).length };
}

/**
 * Sends the user's waiting entries. One pass at a time in this tab, and, through a Web Lock, in this browser: a
 * second tab skips its pass (or, with `wait`, waits for the first to end) instead of sending the same entry. The
 * key would keep the server right anyway; the lock saves the upload. Null when another tab is sending.
 */
export function sendWaiting(userId: number, { wait = false } = {}): Promise<SendPass | null> {
  running ??= (async () => {
    try {
      if (!navigator.locks) return await sendAll(userId);
      return await navigator.locks.request(LOCK, { ifAvailable: !wait }, (lock) =>
        lock ? sendAll(userId) : null,
      );
    } finally {
      running = null;
    }
  })();
  return running;
}
