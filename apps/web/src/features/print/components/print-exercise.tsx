import { Trans } from '@lingui/react/macro';
import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../lib/i18n/translated-resolver';
import type { TExercise } from '@hep/shared/schemas/programs';

interface PrintExerciseProps {
  exercise: TExercise;
  number: number;
  onMediaError?: () => void;
}

/** One exercise on paper: number and name, photo, dosage in words, instructions; never split across pages. */
export function PrintExercise({ exercise, number, onMediaError }: PrintExerciseProps) {
  const dosage = dosageInWords(exercise, translateText);
  return (
    <li className={`print-exercise${exercise.image_url ? ' with-photo' : ''}`}>
      {exercise.image_url ? (
        // Eager: the browser prints what has loaded, and a lazy image below the fold would print blank.
        <img
          src={exercise.image_url}
          alt={exercise.name}
          loading="eager"
          className="print-exercise-photo"
          onError={onMediaError}
        />
      ) : null}
      <div className="print-exercise-text">
        <h2 className="print-exercise-name">
          <span className="print-exercise-number">{number}.</span> {exercise.name}
        </h2>
        {dosage ? <p className="print-exercise-dosage">{dosage}</p> : null}
        <p className="print-exercise-instructions">{exercise.instructions}</p>
        {exercise.video_url ? (
          <p className="print-exercise-note">
            <Trans>There is a video of this in the app.</Trans>
          </p>
        ) : null}
      </div>
    </li>
  );
}
