import { emitOutboxEvent } from './outbox-events';
import { type OutboxEntry, putEntry, removeEntriesOf, removeEntry } from './outbox-store';

// Kept here for the feedback form, which keeps saves: the check itself is in online.ts, out of the store's chunk.
export { isOffline } from './online';

export type SaveToKeep = Omit<OutboxEntry, 'media' | 'mediaName' | 'mediaType' | 'created' | 'refused'> & {
  media: File | null;
};

/** Keeps a save that could not be sent on this phone (IndexedDB), to be sent by the outbox's sender. */
export async function keepSave(save: SaveToKeep): Promise<void> {
  const { media, ...rest } = save;
  await putEntry({
    ...rest,
    media,
    mediaName: media?.name ?? null,
    mediaType: media?.type ?? null,
    created: Date.now(),
    refused: null,
  });
  emitOutboxEvent({ type: 'changed' });
  emitOutboxEvent({ type: 'queued' });
}

/** The client read a refused entry's message: it goes. */
export async function dismissRefused(key: string): Promise<void> {
  await removeEntry(key);
  emitOutboxEvent({ type: 'changed' });
}

/** Deletes every entry of the user, waiting or refused (after a sign-out the client agreed to). */
export async function discardEntriesOf(userId: number): Promise<void> {
  await removeEntriesOf(userId);
  emitOutboxEvent({ type: 'changed' });
}
