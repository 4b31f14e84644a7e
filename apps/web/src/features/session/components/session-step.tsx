import type { ReactNode, Ref } from 'react';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import type { TExercise } from '@hep/shared/schemas/programs';
import type { TSessionServices } from '../types';
import { reportWords } from '../utils/effort-words';
import type { TSessionResult } from '../utils/session-plan';
import { SessionForm } from './session-form';
import { SessionInstructions } from './session-instructions';
import { SessionTools } from './session-tools';

interface SessionStepProps {
  exercise: TExercise;
  /** This exercise's result today, when it is done. */
  result: TSessionResult | undefined;
  services: TSessionServices;
  headingRef: Ref<HTMLHeadingElement>;
  speakCount: boolean;
  onSpeakCountChange: (on: boolean) => void;
  /** The link to the day's accordion, under I did it! (or Next). */
  seeAll: ReactNode;
  onSaved: Parameters<typeof SessionForm>[0]['onSaved'];
  onSkip: () => void;
  onNext: () => void;
}

/**
 * One exercise on one screen (docs/product/session.md#guided-session): its name, its picture (as large as the screen
 * leaves room for), the dosage, the instructions' first lines, the helpers one tap away, then how it went.
 */
export function SessionStep(props: SessionStepProps) {
  const { exercise, result, services, headingRef, speakCount } = props;
  const dosage = dosageInWords(exercise, translateText);
  const spoken = [exercise.name, dosage, exercise.instructions].filter(Boolean).join('. ');
  const pictured = Boolean(exercise.image_url || exercise.video_url);
  const report = result ? reportWords(result) : '';

  return (
    <article className="session-exercise" aria-labelledby={`session-heading-${exercise.id}`}>
      <h1 id={`session-heading-${exercise.id}`} ref={headingRef} tabIndex={-1} className="session-heading">
        {exercise.name}
      </h1>
      {pictured ? <div className="session-media">{services.renderMedia(exercise)}</div> : null}
      {dosage ? <p className="session-dosage">{dosage}</p> : null}
      {exercise.instructions ? <SessionInstructions text={exercise.instructions} /> : null}
      <SessionTools
        exercise={exercise}
        spoken={spoken}
        speakCount={speakCount}
        onSpeakCountChange={props.onSpeakCountChange}
      />
      {result ? (
        <div className="session-panel session-panel-done">
          <p className="session-panel-value mb-3">
            <CheckCircleFill aria-hidden="true" className="session-done-icon me-2" />
            <Trans>Done today · {report}</Trans>
          </p>
          <button type="button" className="btn btn-primary btn-lg w-100" onClick={props.onNext}>
            <Trans>Next</Trans>
          </button>
          <div className="session-after">{props.seeAll}</div>
        </div>
      ) : (
        <SessionForm
          exercise={exercise}
          services={services}
          onSaved={props.onSaved}
          onSkip={props.onSkip}
          footer={props.seeAll}
        />
      )}
    </article>
  );
}
