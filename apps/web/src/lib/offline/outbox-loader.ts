import type * as Loaded from './outbox-loaded';

// The first bundle stays small (docs/product/operations.md#performance-targets). IndexedDB (idb), the outbox's store
// and its sender are only needed once a signed-in page has painted (the status line, the sender) or at sign-out, so
// they come in their own chunk.

export type LoadedOutbox = typeof Loaded;

let loading: Promise<LoadedOutbox> | null = null;

/** The outbox's store and sender, loaded on first use; a failed load (a lost connection) is tried again next time. */
export function loadOutbox(): Promise<LoadedOutbox> {
  loading ??= import('./outbox-loaded').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
