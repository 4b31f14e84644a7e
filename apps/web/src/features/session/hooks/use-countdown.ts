import { useCallback, useEffect, useRef, useState } from 'react';

const TICK_MS = 200;

/**
 * A countdown of `total` seconds that the client starts, pauses and restarts. It counts from the clock, not from
 * the ticks, so that a slow phone does not stretch the seconds. Reaching zero only stops it.
 */
export function useCountdown(total: number) {
  const [remaining, setRemaining] = useState(total);
  const [running, setRunning] = useState(false);
  const endsAt = useRef(0);

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt.current - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) setRunning(false);
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);

  const start = useCallback(() => {
    setRemaining((left) => {
      const from = left === 0 ? total : left;
      endsAt.current = Date.now() + from * 1000;
      return from;
    });
    setRunning(true);
  }, [total]);

  const pause = useCallback(() => setRunning(false), []);

  const reset = useCallback(() => {
    setRunning(false);
    setRemaining(total);
  }, [total]);

  return { remaining, running, finished: remaining === 0, start, pause, reset };
}

/** 75 -> "1:15", 5 -> "0:05". */
export function clockText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
