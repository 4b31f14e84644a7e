import { useEffect, useState } from 'react';
import { onOutboxEvent } from '../../../lib/offline/outbox-events';
import { loadOutbox } from '../../../lib/offline/outbox-loader';
import type { OutboxEntry } from '../../../lib/offline/outbox-store';

/** How long "All sent." stays after the last waiting entry went. */
const ALL_SENT_MS = 10_000;

export interface OutboxStatus {
  waiting: number;
  sending: boolean;
  /** Shown for a while after the last waiting entry was sent. */
  allSent: boolean;
  /** Entries the server turned down, until the client dismisses them. */
  refused: OutboxEntry[];
}

/** What was last read, and for whom: another user's state is never shown. */
interface Read {
  owner: number | null;
  entries: OutboxEntry[];
  allSent: boolean;
}

/**
 * The user's outbox as the status shows it, kept up to date by the outbox's events (from every tab). The store loads
 * after the page has painted (an effect), not with the first bundle.
 */
export function useOutboxStatus(userId: number | null): OutboxStatus {
  const [read, setRead] = useState<Read>({ owner: null, entries: [], allSent: false });
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const load = (allSent?: boolean) =>
      loadOutbox()
        .then((outbox) => outbox.listEntries(userId))
        .then((entries) => {
          if (!current) return;
          setRead((before) => ({
            owner: userId,
            entries,
            // Said once nothing waits any more after a send; a new save takes it back.
            allSent:
              (allSent ?? (before.owner === userId && before.allSent)) &&
              entries.every((entry) => entry.refused !== null),
          }));
          if (allSent) {
            clearTimeout(hide);
            hide = setTimeout(() => load(false), ALL_SENT_MS);
          }
        })
        .catch(() => undefined); // no IndexedDB (a private window), or no chunk: nothing can wait here
    load();
    const stop = onOutboxEvent((event) => {
      if (event.type === 'sent' && event.userId === userId) load(true);
      else if (event.type === 'changed') load();
      else if (event.type === 'sending') setSending(event.active);
    });
    return () => {
      current = false;
      stop();
      clearTimeout(hide);
    };
  }, [userId]);

  const entries = read.owner === userId && userId !== null ? read.entries : [];
  const refused = entries.filter((entry) => entry.refused !== null);
  const waiting = entries.length - refused.length;
  return {
    waiting,
    sending: sending && waiting > 0,
    allSent: read.owner === userId && read.allSent,
    refused,
  };
}
