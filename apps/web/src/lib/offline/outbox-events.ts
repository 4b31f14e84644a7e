import type { TFeedback } from '@hep/shared/schemas/feedback';

/** Which save an event is about. */
interface EntryRef {
  key: string;
  userId: number;
  exercise: number;
  date: string;
}

export type OutboxEvent =
  /** Entries were added, sent, refused or deleted: counts may have changed. */
  | { type: 'changed' }
  /** A save was kept on this phone (this tab only): the sender tries it soon. */
  | { type: 'queued' }
  /** A kept save reached the server; `feedback` is its answer. */
  | ({ type: 'sent'; method: 'POST' | 'PUT'; feedback: TFeedback } & EntryRef)
  | ({ type: 'refused'; message: string } & EntryRef)
  /** This tab's sender started or finished a pass. */
  | { type: 'sending'; active: boolean };

const listeners = new Set<(event: OutboxEvent) => void>();
const TAB_ONLY: ReadonlySet<OutboxEvent['type']> = new Set(['queued', 'sending']);
// Other tabs of this site hear about changes too, so that their notices and counts stay right.
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('hep-offline-outbox') : null;

function deliver(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
}

channel?.addEventListener('message', (message: MessageEvent<OutboxEvent>) => deliver(message.data));

export function emitOutboxEvent(event: OutboxEvent): void {
  deliver(event);
  if (!TAB_ONLY.has(event.type)) channel?.postMessage(event);
}

export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
