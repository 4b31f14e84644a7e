import './session-tools.css';
import { useState } from 'react';
import { ListOl, Stopwatch } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';
import { CountdownTimer } from './countdown-timer';
import { ReadAloudButton } from '../../../components/ui/read-aloud-button';
import { SetCounter } from './set-counter';
import { SpeakCountSwitch } from './speak-count-switch';

interface SessionToolsProps {
  exercise: TExercise;
  /** What Read aloud says. */
  spoken: string;
  speakCount: boolean;
  onSpeakCountChange: (on: boolean) => void;
}

/**
 * The helpers, one tap away in a compact row (docs/product/session.md#guided-session): Read aloud, and Sets and
 * Timer, which open the set counter and the hold or rest countdown below the row. A closed helper keeps its count,
 * and a running countdown goes on.
 */
export function SessionTools({ exercise, spoken, speakCount, onSpeakCountChange }: SessionToolsProps) {
  const [setsOpen, setSetsOpen] = useState(false);
  const [timerOpen, setTimerOpen] = useState(false);
  const timed = Boolean(exercise.hold_seconds || exercise.rest_seconds);
  const setsId = `session-sets-${exercise.id}`;
  const timerId = `session-timer-${exercise.id}`;

  return (
    <>
      <div className="session-tools">
        <ReadAloudButton text={spoken} />
        {exercise.sets ? (
          <button
            type="button"
            className={`btn session-tool-button ${setsOpen ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-expanded={setsOpen}
            aria-controls={setsId}
            onClick={() => setSetsOpen(!setsOpen)}
          >
            <ListOl aria-hidden="true" size={20} />
            <Trans>Sets</Trans>
          </button>
        ) : null}
        {timed ? (
          <button
            type="button"
            className={`btn session-tool-button ${timerOpen ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-expanded={timerOpen}
            aria-controls={timerId}
            onClick={() => setTimerOpen(!timerOpen)}
          >
            <Stopwatch aria-hidden="true" size={20} />
            <Trans>Timer</Trans>
          </button>
        ) : null}
      </div>
      {exercise.sets ? (
        <div id={setsId} hidden={!setsOpen}>
          <SetCounter sets={exercise.sets} />
        </div>
      ) : null}
      {timed ? (
        <div id={timerId} hidden={!timerOpen}>
          <SpeakCountSwitch id={`speak-${exercise.id}`} on={speakCount} onChange={onSpeakCountChange} />
          {exercise.hold_seconds ? (
            <CountdownTimer kind="hold" seconds={exercise.hold_seconds} speak={speakCount} />
          ) : null}
          {exercise.rest_seconds ? (
            <CountdownTimer kind="rest" seconds={exercise.rest_seconds} speak={speakCount} />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
