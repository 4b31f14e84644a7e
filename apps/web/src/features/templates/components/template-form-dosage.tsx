import { useFormContext, useWatch } from 'react-hook-form';
import { DOSAGE_RANGES, dosageInWords, type Dosage, type DosageNumberField } from '@hep/shared/domain/dosage';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { TemplateExerciseValues, TemplateFormValues } from './template-form-values';

const NUMBER_LABELS: Record<DosageNumberField, string> = {
  sets: 'Sets',
  reps: 'Reps',
  hold_seconds: 'Hold (seconds)',
  rest_seconds: 'Rest (seconds)',
  times_per_day: 'Times a day',
};

/** What the filled-in fields say, in the shared words; a field outside its range is left out until fixed. */
function wordsOf(exercise: TemplateExerciseValues | undefined): string {
  if (!exercise) return '';
  const dose: Dosage = { side: exercise.side || null };
  for (const field of Object.keys(DOSAGE_RANGES) as DosageNumberField[]) {
    const value = exercise[field].trim();
    const { min, max } = DOSAGE_RANGES[field];
    if (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max) dose[field] = Number(value);
  }
  return dosageInWords(dose);
}

/** An exercise's dosage (design 10.2): five numbers and the side, all optional, with the result in words. */
export function TemplateFormDosage({ index }: { index: number }) {
  const { register, control, formState } = useFormContext<TemplateFormValues>();
  const exercise = useWatch({ control, name: `exercises.${index}` });
  const errors = formState.errors.exercises?.[index];
  const words = wordsOf(exercise);

  return (
    <div>
      <div className="row row-cols-2 row-cols-sm-3 g-2">
        {(Object.keys(NUMBER_LABELS) as DosageNumberField[]).map((field) => (
          <div key={field} className="col">
            <TextField
              id={`template-exercise-${index}-${field}`}
              label={NUMBER_LABELS[field]}
              type="number"
              inputMode="numeric"
              min={DOSAGE_RANGES[field].min}
              max={DOSAGE_RANGES[field].max}
              error={errors?.[field]?.message}
              {...register(`exercises.${index}.${field}`)}
            />
          </div>
        ))}
        <div className="col">
          <SelectField
            id={`template-exercise-${index}-side`}
            label="Side"
            error={errors?.side?.message}
            {...register(`exercises.${index}.side`)}
          >
            <option value="">Not set</option>
            <option value="left">Left</option>
            <option value="right">Right</option>
            <option value="both">Both</option>
          </SelectField>
        </div>
      </div>
      <p className="template-dosage mb-0" aria-live="polite">
        {words ? `Dosage: ${words}` : 'No dosage set.'}
      </p>
    </div>
  );
}
