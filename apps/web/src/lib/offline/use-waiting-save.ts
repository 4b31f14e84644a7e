import { useEffect, useRef, useState } from 'react';
import { useSession } from '../session';
import { onOutboxEvent, type OutboxEvent } from './outbox-events';
import { listWaiting } from './outbox-store';

export type SettledEvent = Extract<OutboxEvent, { type: 'sent' | 'refused' }>;

/**
 * Whether this user has a save for the exercise and day waiting on this phone (read again whenever the outbox
 * changes, in any tab), and a call when such a save is sent or refused.
 */
export function useWaitingSave(exercise: number, date: string, onSettled: (event: SettledEvent) => void) {
  const userId = useSession().user?.id ?? null;
  const [waiting, setWaiting] = useState(false);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  });

  useEffect(() => {
    if (userId === null) return;
    let current = true;
    const read = () => {
      listWaiting(userId)
        .then((entries) => {
          if (current) setWaiting(entries.some((e) => e.exercise === exercise && e.date === date));
        })
        .catch(() => undefined); // no IndexedDB (a private window): nothing can wait here
    };
    read();
    const stop = onOutboxEvent((event) => {
      if (event.type === 'changed') read();
      if ((event.type === 'sent' || event.type === 'refused') && event.userId === userId)
        if (event.exercise === exercise && event.date === date) settled.current(event);
    });
    return () => {
      current = false;
      stop();
    };
  }, [userId, exercise, date]);

  return userId === null ? false : waiting;
}
