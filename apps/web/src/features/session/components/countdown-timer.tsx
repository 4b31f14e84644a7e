import { useEffect, useRef } from 'react';
import { durationInWords } from '@hep/shared/domain/dosage';
import { clockText, useCountdown } from '../hooks/use-countdown';
import { say } from '../hooks/use-speech';

interface CountdownTimerProps {
  kind: 'hold' | 'rest';
  seconds: number;
  /** Say the seconds left aloud (each of the last ten, every tenth before), and when time is up. */
  speak: boolean;
}

const TIME_UP = 'Time is up.';

function worthSaying(left: number): boolean {
  return left <= 10 || left % 10 === 0;
}

/**
 * A hold or rest countdown the client starts when ready. Reaching zero says so and stops: it never moves the
 * session on, since only the client knows when the exercise is done.
 */
export function CountdownTimer({ kind, seconds, speak }: CountdownTimerProps) {
  const { remaining, running, finished, start, pause, reset } = useCountdown(seconds);
  const spoken = useRef<number | null>(null);
  const title = kind === 'hold' ? 'Hold' : 'Rest';

  useEffect(() => {
    if (!speak || !running || spoken.current === remaining) return;
    spoken.current = remaining;
    if (remaining > 0 && remaining < seconds && worthSaying(remaining)) say(String(remaining));
  }, [speak, running, remaining, seconds]);

  useEffect(() => {
    if (finished && speak) say(TIME_UP);
  }, [finished, speak]);

  return (
    <div className="session-panel">
      <p className="fw-semibold mb-1">
        {title} for {durationInWords(seconds)}
      </p>
      <p className="session-clock mb-2" role="timer" aria-label={`${title} time left`}>
        {clockText(remaining)}
      </p>
      <p className="mb-2" aria-live="polite">
        {finished ? TIME_UP : null}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {running ? (
          <button type="button" className="btn btn-outline-primary session-tool-button" onClick={pause}>
            Pause
          </button>
        ) : (
          <button type="button" className="btn btn-outline-primary session-tool-button" onClick={start}>
            {finished ? `Start ${kind} again` : remaining < seconds ? 'Go on' : `Start ${kind}`}
          </button>
        )}
        {!running && !finished && remaining < seconds ? (
          <button type="button" className="btn btn-link session-tool-button" onClick={reset}>
            Reset
          </button>
        ) : null}
      </div>
    </div>
  );
}
