import { ChevronDown, ExclamationCircleFill } from 'react-bootstrap-icons';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans } from '@lingui/react/macro';
import { ExerciseThumbnail } from '../../../components/ui/exercise-thumbnail';
import { dosageFormInWords } from '../../../lib/dosage-form';
import { shownPhoto } from '../../../lib/exercise-content';
import type { ProgramFormValues } from './program-form-values';

interface ProgramFormExerciseSummaryProps {
  index: number;
  open: boolean;
  /** The id of the part it opens and closes. */
  controls: string;
  hasError: boolean;
  onToggle: () => void;
}

/** The card's head: one button that opens and closes the exercise, saying what it holds. */
export function ProgramFormExerciseSummary({
  index,
  open,
  controls,
  hasError,
  onToggle,
}: ProgramFormExerciseSummaryProps) {
  const { control } = useFormContext<ProgramFormValues>();
  const name = useWatch({ control, name: `exercises.${index}.name` }) ?? '';
  const dosage = useWatch({ control, name: `exercises.${index}.dosage` });
  const image = useWatch({ control, name: `exercises.${index}.image` });
  const words = dosage ? dosageFormInWords(dosage) : '';
  const position = index + 1;

  return (
    <button
      type="button"
      className="program-exercise-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      <span className="program-exercise-number" aria-hidden="true">
        {position}
      </span>
      <ExerciseThumbnail photo={image ? shownPhoto(image) : null} />
      <span className="program-exercise-summary">
        <span className="visually-hidden">
          <Trans>Exercise {position}:</Trans>{' '}
        </span>
        <span className={`program-exercise-name${name.trim() ? '' : ' program-exercise-untitled'}`}>
          {name.trim() || <Trans>New exercise</Trans>}
        </span>
        {words ? (
          <span className="program-exercise-dosage">
            <span className="visually-hidden">, </span>
            {words}
          </span>
        ) : null}
        {hasError ? (
          <span className="program-exercise-problem">
            <span className="visually-hidden">, </span>
            <ExclamationCircleFill aria-hidden="true" />
            <Trans>Needs a fix</Trans>
          </span>
        ) : null}
      </span>
      <ChevronDown className="program-exercise-chevron" aria-hidden="true" size={20} />
    </button>
  );
}
