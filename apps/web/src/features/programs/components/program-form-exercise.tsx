import { useState } from 'react';
import { Trash } from 'react-bootstrap-icons';
import { useFormContext, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExerciseMediaFormField } from '../../../components/ui/exercise-media-field';
import { DosageFormFields } from '../../../components/ui/dosage-fields';
import { describedBy, FormField } from '../../../components/ui/form-field';
import { TextField } from '../../../components/ui/text-field';
import { ProgramFormExerciseSummary } from './program-form-exercise-summary';
import { EXERCISE_MEDIA_KINDS, type ExerciseMediaKind } from '../../../lib/exercise-content';
import { RequiredMark } from './program-form-required-mark';
import { ProgramFormSaveToLibrary } from './program-form-save-to-library';
import { isBlankNewExercise, type ProgramFormValues } from './program-form-values';

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

/**
 * One exercise as a card that folds: closed, it is one line (number, photo, name, dosage in words), so that a
 * program of many exercises stays short on a phone; open, it has the name, instructions, dosage, image and video,
 * Save to library and Remove Exercise. A problem found in it opens it. Closed fields stay in the page (hidden), so
 * the form keeps their values and the checks still see them.
 */
export function ProgramFormExercise({
  fieldKey,
  index,
  duplicate,
  fileErrors,
  onFileErrorChange,
  onRemove,
}: ProgramFormExerciseProps) {
  const {
    control,
    register,
    getValues,
    formState: { errors },
  } = useFormContext<ProgramFormValues>();
  const { t } = useLingui();
  const exerciseId = useWatch({ control, name: `exercises.${index}.exercise_id` });
  const fieldErrors = errors.exercises?.[index];
  const nameError =
    fieldErrors?.name?.message ??
    (duplicate ? t`Exercise name has already been used in this program.` : undefined);
  const instructionsError = fieldErrors?.instructions?.message;
  const hasError = Boolean(
    nameError || instructionsError || fieldErrors?.dosage || fileErrors.image || fileErrors.video,
  );

  // Open when first shown only if there is something to fill in (a new exercise); saved ones and ones from the
  // library start closed.
  const [open, setOpen] = useState(() => isBlankNewExercise(getValues(`exercises.${index}`)));
  // A new problem opens the card (set while rendering, React's way to follow a prop without an extra pass).
  const [hadError, setHadError] = useState(hasError);
  if (hasError !== hadError) {
    setHadError(hasError);
    if (hasError) setOpen(true);
  }

  const id = `exercise-${fieldKey}`;
  const position = index + 1;

  return (
    <fieldset className={`card program-exercise mb-3${hasError ? ' program-exercise-invalid' : ''}`}>
      {/* The legend must be the fieldset's first child to name the group; the toggle shows it to the eye. */}
      <legend className="visually-hidden">
        <Trans>Exercise {position}</Trans>
      </legend>
      <ProgramFormExerciseSummary
        index={index}
        open={open}
        controls={`${id}-body`}
        hasError={hasError}
        onToggle={() => setOpen((current) => !current)}
      />
      <div id={`${id}-body`} className="card-body program-exercise-body" hidden={!open}>
        <TextField
          id={`${id}-name`}
          label={
            <>
              <Trans>Exercise Name</Trans>
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
              <Trans>Instructions</Trans>
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
        <DosageFormFields idPrefix={`${id}-dosage`} name={`exercises.${index}.dosage`} />
        <div className="program-media-grid">
          {EXERCISE_MEDIA_KINDS.map((kind) => (
            <ExerciseMediaFormField
              key={kind}
              name={`exercises.${index}.${kind}`}
              id={`${id}-${kind}`}
              kind={kind}
              wording="program"
              error={fileErrors[kind]}
              onErrorChange={(message) => onFileErrorChange(kind, message)}
            />
          ))}
        </div>
        <div className="program-exercise-actions">
          {exerciseId !== null ? (
            <ProgramFormSaveToLibrary exerciseId={exerciseId} position={position} />
          ) : null}
          <button type="button" className="btn btn-outline-danger program-remove" onClick={onRemove}>
            <Trash aria-hidden="true" />
            <Trans>
              Remove Exercise<span className="visually-hidden"> {position}</span>
            </Trans>
          </button>
        </div>
      </div>
    </fieldset>
  );
}
