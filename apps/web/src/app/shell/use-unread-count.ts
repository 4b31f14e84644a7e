import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { TUnreadMessages } from '@hep/shared/schemas/messages';
import { UNREAD_CHANGED_EVENT } from '../../features/messages/api/messages-keys';
import { apiFetch } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** How often the count is asked again while nothing else asks (a message may come from the care team any time). */
const REFRESH_MS = 60_000;

/**
 * A client's unread messages for the bottom bar (docs/product/messages.md#web): asked on each page change, when the
 * conversation is read and every minute, once the session check is done (a call made while it runs would start a second check when it fails). The
 * bar sits outside the query library's layout, so this is a plain call; a failure shows no count.
 */
export function useUnreadCount(client: boolean): number {
  const { pathname } = useLocation();
  const { status, user } = useSession();
  const enabled = client && status === 'ready' && user !== null;
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const ask = () =>
      apiFetch<TUnreadMessages>('/messages/unread/').then(
        (unread) => live && setCount(unread.total),
        () => undefined,
      );
    const askAgain = () => void ask();
    askAgain();
    const timer = setInterval(askAgain, REFRESH_MS);
    window.addEventListener(UNREAD_CHANGED_EVENT, askAgain);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener(UNREAD_CHANGED_EVENT, askAgain);
    };
  }, [enabled, pathname]);
  return enabled ? count : 0;
}
