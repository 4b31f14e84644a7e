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

// IndexedDB as it is, with promises over its few calls here: a wrapper library would be the biggest part of what
// every signed-in page loads after its first paint (docs/decisions/032-first-paint-and-after.md).
const STORE = 'outbox';

/** A request's result, or its error. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('hep-offline', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'key' }).createIndex('by-user', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab's newer version, or the browser closing the database: open again on the next call.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      db.onclose = () => {
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function store(mode: IDBTransactionMode): Promise<IDBObjectStore> {
  return (await database()).transaction(STORE, mode).objectStore(STORE);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await settled((await store('readwrite')).put(entry));
}

export async function getEntry(key: string): Promise<OutboxEntry | undefined> {
  return settled<OutboxEntry | undefined>((await store('readonly')).get(key));
}

/** The user's entries, oldest first: those waiting and those the server refused. */
export async function listEntries(userId: number): Promise<OutboxEntry[]> {
  const index = (await store('readonly')).index('by-user');
  return sendOrder(await settled<OutboxEntry[]>(index.getAll(userId)));
}

export async function listWaiting(userId: number): Promise<OutboxEntry[]> {
  return (await listEntries(userId)).filter((entry) => entry.refused === null);
}

export async function removeEntry(key: string): Promise<void> {
  await settled((await store('readwrite')).delete(key));
}

/** Keeps a refused entry (without its photo or video) so that its message is seen, not lost with the tab. */
export async function markRefused(key: string, message: string): Promise<void> {
  const entry = await getEntry(key);
  if (entry) await putEntry({ ...entry, media: null, refused: message });
}

/** Deletes every entry of the user (after a sign-out the client agreed to). */
export async function removeEntriesOf(userId: number): Promise<void> {
  const transaction = (await database()).transaction(STORE, 'readwrite');
  const cursor = transaction.objectStore(STORE).index('by-user').openCursor(userId);
  cursor.onsuccess = () => {
    if (!cursor.result) return;
    cursor.result.delete();
    cursor.result.continue();
  };
  await new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}
