import { useFormContext, useWatch } from 'react-hook-form';
import { DosageFields } from '../../../components/ui/dosage-fields';
import { type DosageFormValues, dosageFormInWords } from '../../../lib/dosage-form';
import type { ProgramFormValues } from './program-form-values';

interface ProgramFormDosageProps {
  /** The exercise's stable key, for element ids. */
  fieldKey: string;
  index: number;
}

/** An exercise's dosage in the program form; a server message on a field goes once the field is edited. */
export function ProgramFormDosage({ fieldKey, index }: ProgramFormDosageProps) {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = useFormContext<ProgramFormValues>();
  const dosage = useWatch({ control, name: `exercises.${index}.dosage` });
  const dosageErrors = errors.exercises?.[index]?.dosage;
  const field = (name: keyof DosageFormValues) => {
    const path = `exercises.${index}.dosage.${name}` as const;
    return register(path, { onChange: () => clearErrors(path) });
  };
  return (
    <DosageFields
      idPrefix={`exercise-${fieldKey}-dosage`}
      field={field}
      errors={{
        sets: dosageErrors?.sets?.message,
        reps: dosageErrors?.reps?.message,
        hold_seconds: dosageErrors?.hold_seconds?.message,
        rest_seconds: dosageErrors?.rest_seconds?.message,
        times_per_day: dosageErrors?.times_per_day?.message,
        side: dosageErrors?.side?.message,
      }}
      words={dosage ? dosageFormInWords(dosage) : ''}
    />
  );
}
