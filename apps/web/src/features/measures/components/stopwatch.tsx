import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * A stopwatch for a timed test: Start, then Stop puts the seconds (to 0.01 s) into the field it serves. The time
 * shows as it runs; a screen reader hears the result when stopped, not every tick.
 */
export function Stopwatch({ onStop }: { onStop: (seconds: number) => void }) {
  const { t } = useLingui();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    if (startedAt === null) return;
    const tick = () => {
      setElapsed((performance.now() - startedAt) / 1000);
      frame.current = window.setTimeout(tick, 100);
    };
    tick();
    return () => {
      if (frame.current !== null) window.clearTimeout(frame.current);
    };
  }, [startedAt]);

  const running = startedAt !== null;
  return (
    <div className="d-flex align-items-center gap-2 mt-2">
      <button
        type="button"
        className={`btn ${running ? 'btn-danger' : 'btn-outline-primary'} questionnaire-tool-button`}
        onClick={() => {
          if (!running) {
            setElapsed(0);
            setStartedAt(performance.now());
            return;
          }
          const seconds = Math.round(((performance.now() - startedAt) / 1000) * 100) / 100;
          setStartedAt(null);
          setElapsed(seconds);
          onStop(seconds);
        }}
      >
        {running ? <Trans>Stop the stopwatch</Trans> : <Trans>Start the stopwatch</Trans>}
      </button>
      <span className="fs-5 font-monospace" role="timer" aria-label={t`Stopwatch`}>
        {elapsed.toFixed(running ? 1 : 2)} s
      </span>
    </div>
  );
}
