import { type Control, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { DosageFields } from '../../../components/ui/dosage-fields';
import { type DosageFormValues, dosageFormInWords } from '../../../lib/dosage-form';
import type { LibraryFormValues } from '../utils/library-form-values';

interface LibraryDosageFieldsProps {
  register: UseFormRegister<LibraryFormValues>;
  control: Control<LibraryFormValues>;
  errors: FieldErrors<LibraryFormValues>;
}

/** The library exercise's usual dosage (design 10.2), all optional; the server checks the ranges. */
export function LibraryDosageFields({ register, control, errors }: LibraryDosageFieldsProps) {
  const values = useWatch({ control });
  const dose = Object.fromEntries(
    DOSAGE_FIELDS.map((field) => [field, values[field] ?? '']),
  ) as DosageFormValues;
  return (
    <DosageFields
      idPrefix="library-exercise"
      field={(name) => register(name)}
      errors={Object.fromEntries(DOSAGE_FIELDS.map((field) => [field, errors[field]?.message]))}
      words={dosageFormInWords(dose)}
    />
  );
}
