import { useFormContext, useWatch } from 'react-hook-form';
import { DOSAGE_FIELDS } from '@hep/shared/domain/dosage';
import { DosageFields } from '../../../components/ui/dosage-fields';
import { dosageFormInWords } from '../../../lib/dosage-form';
import type { TemplateFormValues } from './template-form-values';

/** A template exercise's dosage (design 10.2), as on the program form. */
export function TemplateFormDosage({ index }: { index: number }) {
  const { register, control, formState } = useFormContext<TemplateFormValues>();
  const exercise = useWatch({ control, name: `exercises.${index}` });
  const errors = formState.errors.exercises?.[index];
  return (
    <DosageFields
      idPrefix={`template-exercise-${index}`}
      field={(name) => register(`exercises.${index}.${name}`)}
      errors={Object.fromEntries(DOSAGE_FIELDS.map((field) => [field, errors?.[field]?.message]))}
      words={exercise ? dosageFormInWords(exercise) : ''}
    />
  );
}
