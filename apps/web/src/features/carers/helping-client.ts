import { useSyncExternalStore } from 'react';
import { onSessionEnd } from '../../lib/session';

/** The client a carer is helping now (docs/product/carers.md#web): chosen on /helping, kept for this tab. */
export interface HelpingClient {
  id: number;
  firstName: string;
}

const KEY = 'helping_client';
const listeners = new Set<() => void>();
let current: HelpingClient | null = read();

function read(): HelpingClient | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as HelpingClient | null;
    return stored && Number.isInteger(stored.id) && typeof stored.firstName === 'string' ? stored : null;
  } catch {
    return null;
  }
}

export function setHelpingClient(client: HelpingClient | null): void {
  current = client;
  try {
    if (client) sessionStorage.setItem(KEY, JSON.stringify(client));
    else sessionStorage.removeItem(KEY);
  } catch {
    // No storage (a locked-down browser): the choice lasts until the page is reloaded.
  }
  for (const listener of listeners) listener();
}

// Another person may sign in on this tab next.
onSessionEnd(() => setHelpingClient(null));

export function useHelpingClient(): HelpingClient | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
  );
}
