import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { PlusLg } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { type UseFieldArrayReturn, useFormContext } from 'react-hook-form';
import type { ExerciseContentSource, ExerciseMediaKind } from '../../../lib/exercise-content';
import type { ProgramFileErrors } from '../hooks/use-program-save';
import { ProgramFormAddFromLibrary } from './program-form-add-from-library';
import { ProgramFormExercise } from './program-form-exercise';
import {
  blankExercise,
  exerciseFromSource,
  isBlankNewExercise,
  type ProgramFormValues,
} from './program-form-values';

interface ProgramFormExercisesProps {
  exercises: UseFieldArrayReturn<ProgramFormValues, 'exercises'>;
  /** The paths of names that repeat an earlier exercise's (`exercises.2.name`). */
  duplicates: ReadonlySet<string>;
  fileErrors: ProgramFileErrors;
  onFileErrorChange: (key: string, kind: ExerciseMediaKind, message: string | null) => void;
}

/** The form's exercises, each a folding card, then Add An Exercise and Add from library. */
export function ProgramFormExercises({
  exercises,
  duplicates,
  fileErrors,
  onFileErrorChange,
}: ProgramFormExercisesProps) {
  const { getValues } = useFormContext<ProgramFormValues>();
  const { fields, append, remove, replace } = exercises;
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const removeExercise = (index: number) => {
    remove(index);
    addButtonRef.current?.focus();
  };

  // From the library, by reference: the still-empty first exercise of a new program makes way for it.
  const addFromLibrary = (item: ExerciseContentSource) => {
    const current = getValues('exercises');
    const added = exerciseFromSource(item);
    if (current.length === 1 && isBlankNewExercise(current[0]!)) replace([added]);
    else append(added, { shouldFocus: false });
  };

  return (
    <>
      <h2 className="h4 mb-3">
        <Trans>Exercises</Trans>
      </h2>
      {fields.map((field, index) => (
        <ProgramFormExercise
          key={field.id}
          fieldKey={field.id}
          index={index}
          duplicate={duplicates.has(`exercises.${index}.name`)}
          fileErrors={fileErrors[field.id] ?? {}}
          onFileErrorChange={(kind, message) => onFileErrorChange(field.id, kind, message)}
          onRemove={() => removeExercise(index)}
        />
      ))}
      <div className="program-add-buttons mb-4">
        <Button
          ref={addButtonRef}
          variant="outline-primary"
          className="program-add"
          onClick={() => append(blankExercise(), { focusName: `exercises.${fields.length}.name` })}
        >
          <PlusLg aria-hidden="true" />
          <Trans>Add An Exercise</Trans>
        </Button>
        <ProgramFormAddFromLibrary onAdd={addFromLibrary} />
      </div>
    </>
  );
}
