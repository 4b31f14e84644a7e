import type { Ref } from 'react';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { dosageInWords } from '@hep/shared/domain/dosage';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { TSessionServices } from '../types';
import { reportWords } from '../utils/effort-words';
import type { TSessionResult } from '../utils/session-plan';
import { CountdownTimer } from './countdown-timer';
import { ReadAloudButton } from './read-aloud-button';
import { SessionForm } from './session-form';
import { SetCounter } from './set-counter';
import { SpeakCountSwitch } from './speak-count-switch';

interface SessionStepProps {
  exercise: TExercise;
  /** This exercise's result today, when it is done. */
  result: TSessionResult | undefined;
  services: TSessionServices;
  headingRef: Ref<HTMLHeadingElement>;
  speakCount: boolean;
  onSpeakCountChange: (on: boolean) => void;
  onSaved: Parameters<typeof SessionForm>[0]['onSaved'];
  onSkip: () => void;
  onNext: () => void;
}

/** One exercise on its own screen: what to do (media, dosage, instructions), the helpers, then how it went. */
export function SessionStep(props: SessionStepProps) {
  const { exercise, result, services, headingRef, speakCount } = props;
  const dosage = dosageInWords(exercise);
  const timed = Boolean(exercise.hold_seconds || exercise.rest_seconds);
  const spoken = [exercise.name, dosage, exercise.instructions].filter(Boolean).join('. ');

  return (
    <article className="session-exercise" aria-labelledby={`session-heading-${exercise.id}`}>
      <h1 id={`session-heading-${exercise.id}`} ref={headingRef} tabIndex={-1} className="session-heading">
        {exercise.name}
      </h1>
      <div className="session-media">{services.renderMedia(exercise)}</div>
      {dosage ? <p className="session-dosage">{dosage}</p> : null}
      <p className="session-instructions">{exercise.instructions}</p>
      <div className="mb-4">
        <ReadAloudButton text={spoken} />
      </div>
      {exercise.sets ? <SetCounter sets={exercise.sets} /> : null}
      {timed ? (
        <SpeakCountSwitch id={`speak-${exercise.id}`} on={speakCount} onChange={props.onSpeakCountChange} />
      ) : null}
      {exercise.hold_seconds ? (
        <CountdownTimer kind="hold" seconds={exercise.hold_seconds} speak={speakCount} />
      ) : null}
      {exercise.rest_seconds ? (
        <CountdownTimer kind="rest" seconds={exercise.rest_seconds} speak={speakCount} />
      ) : null}
      {result ? (
        <div className="session-panel session-panel-done">
          <p className="session-panel-value mb-3">
            <CheckCircleFill aria-hidden="true" className="session-done-icon me-2" />
            Done today · {reportWords(result)}
          </p>
          <button type="button" className="btn btn-primary btn-lg w-100" onClick={props.onNext}>
            Next
          </button>
        </div>
      ) : (
        <SessionForm exercise={exercise} services={services} onSaved={props.onSaved} onSkip={props.onSkip} />
      )}
    </article>
  );
}
