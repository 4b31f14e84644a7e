import { useEffect } from 'react';
import { onOutboxEvent } from '../../../lib/offline/outbox-events';
import { loadOutbox } from '../../../lib/offline/outbox-loader';

/** How often waiting entries are tried again while online (a lost connection often fires no event). */
const RETRY_MS = 30_000;
/** A save just kept while online (its answer was lost) is tried again after this pause. */
const SOON_MS = 2_000;

/**
 * Sends the signed-in user's saves kept on this phone: once at start-up, when the connection returns, soon after
 * a save is kept, and every 30 s while some wait. Only that user's entries are ever sent. The sender and the store
 * load after the page has painted (an effect), not with the first bundle.
 */
export function useOfflineSender(userId: number | null) {
  useEffect(() => {
    if (userId === null) return;
    let soon: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      if (!navigator.onLine) return;
      // Tried again on the next occasion.
      loadOutbox()
        .then((outbox) => outbox.sendWaiting(userId))
        .catch(() => undefined);
    };
    send();
    window.addEventListener('online', send);
    const stop = onOutboxEvent((event) => {
      if (event.type !== 'queued') return;
      clearTimeout(soon);
      soon = setTimeout(send, SOON_MS);
    });
    const timer = setInterval(() => {
      loadOutbox()
        .then((outbox) => outbox.listWaiting(userId))
        .then((entries) => {
          if (entries.length > 0) send();
        })
        .catch(() => undefined);
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', send);
      stop();
      clearTimeout(soon);
      clearInterval(timer);
    };
  }, [userId]);
}
