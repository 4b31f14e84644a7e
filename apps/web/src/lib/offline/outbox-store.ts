import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { sendOrder } from './outbox-rules';

/**
 * A save kept on this phone until it can be sent (docs/product/session.md#offline-feedback): the request to make, its
 * photo or video as a Blob, and what the client reads about it. `key` is also the request's Idempotency-Key, so
 * sending it twice is safe.
 */
export interface OutboxEntry {
  key: string;
  /**
   * What the save is: feedback (absent, as in entries kept before measures existed), sent as a multipart form; a
   * questionnaire's answers (`measure`), sent as `json` (docs/product/outcome-measures.md#answering), its
   * `exercise` holding its assignment id, `exerciseName` the measure's short name and `date` the day it was due; or a
   * client's message (`message`, docs/product/messages.md#web): `json` without a file, else a multipart form whose
   * file part is `image` or `video`.
   */
  kind?: 'measure' | 'message';
  /** A measure's or a text message's request body. */
  json?: unknown;
  /** Whose it is: an entry is only sent, shown or counted while that user is signed in. */
  userId: number;
  method: 'POST' | 'PUT';
  /** The API path, e.g. `/feedback/` or `/feedback/12/`. */
  path: string;
  /** The multipart form's text fields. */
  fields: Record<string, string>;
  media: Blob | null;
  mediaName: string | null;
  mediaType: string | null;
  program: number;
  exercise: number;
  exerciseName: string | null;
  /** The exercise day, `yyyy-MM-dd`. */
  date: string;
  /** When it was saved (ms since 1970): entries are sent oldest first. */
  created: number;
  /** Set when the server turned it down for good: the message stays shown until the client dismisses it. */
  refused: string | null;
}

interface OutboxSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { 'by-user': number } };
}

let opening: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  opening ??= openDB<OutboxSchema>('hep-offline', 1, {
    upgrade(db) {
      db.createObjectStore('outbox', { keyPath: 'key' }).createIndex('by-user', 'userId');
    },
    // Another tab's newer version, or the browser closing the database: open again on the next call.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put('outbox', entry);
}

export async function getEntry(key: string): Promise<OutboxEntry | undefined> {
  return (await database()).get('outbox', key);
}

/** The user's entries, oldest first: those waiting and those the server refused. */
export async function listEntries(userId: number): Promise<OutboxEntry[]> {
  return sendOrder(await (await database()).getAllFromIndex('outbox', 'by-user', userId));
}

export async function listWaiting(userId: number): Promise<OutboxEntry[]> {
  return (await listEntries(userId)).filter((entry) => entry.refused === null);
}

export async function removeEntry(key: string): Promise<void> {
  await (await database()).delete('outbox', key);
}

/** Keeps a refused entry (without its photo or video) so that its message is seen, not lost with the tab. */
export async function markRefused(key: string, message: string): Promise<void> {
  const db = await database();
  const entry = await db.get('outbox', key);
  if (entry) await db.put('outbox', { ...entry, media: null, refused: message });
}

/** Deletes every entry of the user (after a sign-out the client agreed to). */
export async function removeEntriesOf(userId: number): Promise<void> {
  const tx = (await database()).transaction('outbox', 'readwrite');
  let cursor = await tx.store.index('by-user').openCursor(userId);
  while (cursor) {
    await cursor.delete();
    cursor = await cursor.continue();
  }
  await tx.done;
}
