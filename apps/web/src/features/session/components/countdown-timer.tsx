import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { durationInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import { clockText, useCountdown } from '../hooks/use-countdown';
import { say } from '../../../lib/use-speech';

interface CountdownTimerProps {
  kind: 'hold' | 'rest';
  seconds: number;
  /** Say the seconds left aloud (each of the last ten, every tenth before), and when time is up. */
  speak: boolean;
}

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
  const { t } = useLingui();
  const timeUp = t`Time is up.`;
  const duration = durationInWords(seconds, translateText);
  const heading = kind === 'hold' ? t`Hold for ${duration}` : t`Rest for ${duration}`;
  const clockLabel = kind === 'hold' ? t`Hold time left` : t`Rest time left`;
  const startLabel = finished
    ? kind === 'hold'
      ? t`Start hold again`
      : t`Start rest again`
    : remaining < seconds
      ? t`Go on`
      : kind === 'hold'
        ? t`Start hold`
        : t`Start rest`;

  useEffect(() => {
    if (!speak || !running || spoken.current === remaining) return;
    spoken.current = remaining;
    if (remaining > 0 && remaining < seconds && worthSaying(remaining)) say(String(remaining));
  }, [speak, running, remaining, seconds]);

  useEffect(() => {
    if (finished && speak) say(timeUp);
  }, [finished, speak, timeUp]);

  return (
    <div className="session-panel">
      <p className="fw-semibold mb-1">{heading}</p>
      <p className="session-clock mb-2" role="timer" aria-label={clockLabel}>
        {clockText(remaining)}
      </p>
      <p className="mb-2" aria-live="polite">
        {finished ? timeUp : null}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {running ? (
          <button type="button" className="btn btn-outline-primary session-tool-button" onClick={pause}>
            <Trans>Pause</Trans>
          </button>
        ) : (
          <button type="button" className="btn btn-outline-primary session-tool-button" onClick={start}>
            {startLabel}
          </button>
        )}
        {!running && !finished && remaining < seconds ? (
          <button type="button" className="btn btn-link session-tool-button" onClick={reset}>
            <Trans>Reset</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}
