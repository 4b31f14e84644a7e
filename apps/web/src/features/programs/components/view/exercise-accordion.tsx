import type { ReactNode } from 'react';
import Accordion from 'react-bootstrap/Accordion';
import { CheckCircleFill } from 'react-bootstrap-icons';
import { dosageInWords } from '@hep/shared/domain/dosage';
import { translateText } from '../../../../lib/i18n/translated-resolver';
import { Trans } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';
import { ExerciseMedia } from './exercise-media';

interface ExerciseAccordionProps {
  exercises: readonly TExercise[];
  /**
   * What each role adds under an exercise's instructions: the therapist's View All Feedback link (and the day's
   * feedback card), the client's completion form.
   */
  renderExtras?: (exercise: TExercise) => ReactNode;
  /** The exercises done on the day shown: their headers carry a check. */
  completedIds?: ReadonlySet<number>;
  onMediaError?: () => void;
}

/** The dosage in words (docs/product/programs-and-exercises.md#dosage), when the therapist gave one. */
function ExerciseDosage({ exercise }: { exercise: TExercise }) {
  const words = dosageInWords(exercise, translateText);
  return words ? <p className="exercise-dosage">{words}</p> : null;
}

/** The program's exercises, one accordion item each, the first open: name, media, dosage, instructions. */
export function ExerciseAccordion({
  exercises,
  renderExtras,
  completedIds,
  onMediaError,
}: ExerciseAccordionProps) {
  return (
    <section aria-labelledby="exercises-heading" className="mt-4">
      <h2 id="exercises-heading" className="h4 mb-3">
        <Trans>Exercises</Trans>
      </h2>
      {exercises.length === 0 ? (
        <p className="card card-body">
          <Trans>No exercises have been added to this program yet.</Trans>
        </p>
      ) : (
        <Accordion defaultActiveKey={String(exercises[0]?.id)}>
          {exercises.map((exercise) => (
            <Accordion.Item key={exercise.id} eventKey={String(exercise.id)}>
              <Accordion.Header as="h3">
                <span className="text-break">{exercise.name}</span>
                {completedIds?.has(exercise.id) ? (
                  <span className="exercise-completed">
                    <CheckCircleFill aria-hidden="true" />
                    <span className="visually-hidden">
                      <Trans>(completed)</Trans>
                    </span>
                  </span>
                ) : null}
              </Accordion.Header>
              <Accordion.Body>
                <ExerciseMedia exercise={exercise} onMediaError={onMediaError} />
                <ExerciseDosage exercise={exercise} />
                <p className="exercise-instructions">{exercise.instructions}</p>
                {renderExtras?.(exercise)}
              </Accordion.Body>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </section>
  );
}
