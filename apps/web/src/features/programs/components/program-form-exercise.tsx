import { Trash } from 'react-bootstrap-icons';
import { useFormContext } from 'react-hook-form';
import { MESSAGES } from '@hep/shared/messages';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import type { ExerciseMediaKind } from './program-form-files';
import { ProgramFormMedia } from './program-form-media';
import { RequiredMark } from './program-form-required-mark';
import type { ProgramFormValues } from './program-form-values';

interface ProgramFormExerciseProps {
  /** useFieldArray's stable key of this exercise. */
  fieldKey: string;
  index: number;
  /** Its name repeats an earlier exercise's. */
  duplicate: boolean;
  fileErrors: Partial<Record<ExerciseMediaKind, string>>;
  onFileErrorChange: (kind: ExerciseMediaKind, message: string | null) => void;
  onRemove: () => void;
}

/** One exercise: name, instructions, optional image and video, and Remove Exercise. */
export function ProgramFormExercise({
  fieldKey,
  index,
  duplicate,
  fileErrors,
  onFileErrorChange,
  onRemove,
}: ProgramFormExerciseProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProgramFormValues>();
  const fieldErrors = errors.exercises?.[index];
  const nameError = fieldErrors?.name?.message ?? (duplicate ? MESSAGES.duplicateExerciseName : undefined);
  const instructionsError = fieldErrors?.instructions?.message;
  const id = `exercise-${fieldKey}`;

  return (
    <fieldset className="card program-exercise mb-3">
      {/* The legend must be the fieldset's first child to name the group. */}
      <legend className="h5 px-3 pt-3 mb-0">{`Exercise ${index + 1}`}</legend>
      <div className="card-body">
        <TextField
          id={`${id}-name`}
          label={
            <>
              Exercise Name
              <RequiredMark />
            </>
          }
          aria-required="true"
          autoComplete="off"
          error={nameError}
          {...register(`exercises.${index}.name`)}
        />
        <FormField
          id={`${id}-instructions`}
          label={
            <>
              Instructions
              <RequiredMark />
            </>
          }
          error={instructionsError}
        >
          <textarea
            id={`${id}-instructions`}
            rows={4}
            className={`form-control${instructionsError ? ' is-invalid' : ''}`}
            aria-required="true"
            aria-invalid={instructionsError ? true : undefined}
            aria-describedby={describedBy(`${id}-instructions`, { error: instructionsError })}
            {...register(`exercises.${index}.instructions`)}
          />
        </FormField>
        <div className="program-media-grid">
          <ProgramFormMedia
            fieldKey={fieldKey}
            index={index}
            kind="image"
            error={fileErrors.image}
            onErrorChange={(message) => onFileErrorChange('image', message)}
          />
          <ProgramFormMedia
            fieldKey={fieldKey}
            index={index}
            kind="video"
            error={fileErrors.video}
            onErrorChange={(message) => onFileErrorChange('video', message)}
          />
        </div>
        <button type="button" className="btn btn-outline-danger program-remove" onClick={onRemove}>
          <Trash aria-hidden="true" />
          Remove Exercise
          <span className="visually-hidden">{` ${index + 1}`}</span>
        </button>
      </div>
    </fieldset>
  );
}
