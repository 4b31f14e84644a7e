import Button from 'react-bootstrap/Button';
import { ArrowDown, ArrowUp, Trash } from 'react-bootstrap-icons';
import { useFormContext } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { DosageFormFields } from '../../../components/ui/dosage-fields';
import { ExerciseThumbnail } from '../../../components/ui/exercise-thumbnail';
import { TextField } from '../../../components/ui/text-field';
import type { TemplateFormValues } from './template-form-values';

interface TemplateFormExerciseProps {
  index: number;
  count: number;
  /** Its photo, for the thumbnail. */
  photo: string | File | null;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/** One exercise of the template form: its name, instructions and dosage, and buttons to move or remove it. */
export function TemplateFormExercise({ index, count, photo, onMove, onRemove }: TemplateFormExerciseProps) {
  const { register, formState } = useFormContext<TemplateFormValues>();
  const { t } = useLingui();
  const errors = formState.errors.exercises?.[index];
  const number = index + 1;
  const instructionsId = `template-exercise-${index}-instructions`;

  return (
    // The legend is the fieldset's first child, so that it names the group ("Exercise 2").
    <fieldset className="card card-body template-exercise-card">
      <legend className="d-flex align-items-center gap-2 mb-3">
        <ExerciseThumbnail photo={photo} />
        <Trans>Exercise {number}</Trans>
      </legend>
      <TextField
        id={`template-exercise-${index}-name`}
        label={t`Exercise Name`}
        error={errors?.name?.message}
        {...register(`exercises.${index}.name`)}
      />
      <div className="mb-3">
        <label htmlFor={instructionsId} className="form-label fw-semibold">
          <Trans>Instructions</Trans>
        </label>
        <textarea
          id={instructionsId}
          className={`form-control${errors?.instructions ? ' is-invalid' : ''}`}
          rows={3}
          aria-invalid={errors?.instructions ? true : undefined}
          aria-describedby={errors?.instructions ? `${instructionsId}-error` : undefined}
          {...register(`exercises.${index}.instructions`)}
        />
        {errors?.instructions ? (
          <div id={`${instructionsId}-error`} className="invalid-feedback d-block">
            {errors.instructions.message}
          </div>
        ) : null}
      </div>
      <DosageFormFields idPrefix={`template-exercise-${index}`} name={`exercises.${index}.dosage`} />
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button
          variant="outline-secondary"
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={t`Move exercise ${number} up`}
        >
          <ArrowUp aria-hidden="true" /> <Trans>Up</Trans>
        </Button>
        <Button
          variant="outline-secondary"
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={t`Move exercise ${number} down`}
        >
          <ArrowDown aria-hidden="true" /> <Trans>Down</Trans>
        </Button>
        <Button
          variant="outline-danger"
          className="ms-auto"
          disabled={count === 1}
          onClick={() => onRemove(index)}
          aria-label={t`Remove exercise ${number}`}
        >
          <Trash aria-hidden="true" /> <Trans>Remove</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
