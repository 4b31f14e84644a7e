import { useFormContext, useWatch } from 'react-hook-form';
import { SIDES } from '@hep/shared/domain/dosage';
import { describedBy } from '../../../components/ui/form-field';
import { dosageFormInWords, type DosageFormValues, type ProgramFormValues } from './program-form-values';

type NumberField = Exclude<keyof DosageFormValues, 'side'>;

const NUMBER_FIELDS: { field: NumberField; label: string }[] = [
  { field: 'sets', label: 'Sets' },
  { field: 'reps', label: 'Reps' },
  { field: 'hold_seconds', label: 'Hold (seconds)' },
  { field: 'rest_seconds', label: 'Rest (seconds)' },
  { field: 'times_per_day', label: 'Times a day' },
];

const SIDE_LABELS: Record<(typeof SIDES)[number], string> = { left: 'Left', right: 'Right', both: 'Both' };

interface ProgramFormDosageProps {
  /** The exercise's stable key, for element ids. */
  fieldKey: string;
  index: number;
}

/**
 * An exercise's dosage (design 10.2): small number inputs and the side, all optional, then the dosage as the client
 * reads it. The server checks the ranges; its message shows under the field and goes once the field is edited.
 */
export function ProgramFormDosage({ fieldKey, index }: ProgramFormDosageProps) {
  const {
    control,
    register,
    clearErrors,
    formState: { errors },
  } = useFormContext<ProgramFormValues>();
  const dosage = useWatch({ control, name: `exercises.${index}.dosage` });
  const dosageErrors = errors.exercises?.[index]?.dosage;
  const words = dosage ? dosageFormInWords(dosage) : '';
  const id = `exercise-${fieldKey}-dosage`;

  const field = (name: keyof DosageFormValues) => {
    const path = `exercises.${index}.dosage.${name}` as const;
    return register(path, { onChange: () => clearErrors(path) });
  };

  return (
    <fieldset className="program-dosage mb-3" aria-describedby={`${id}-words`}>
      <legend className="form-label fw-semibold fs-6 mb-1">
        Dosage <span className="fw-normal text-body-secondary">(optional)</span>
      </legend>
      <div className="program-dosage-grid">
        {NUMBER_FIELDS.map(({ field: name, label }) => {
          const error = dosageErrors?.[name]?.message;
          const inputId = `${id}-${name}`;
          return (
            <div key={name} className="program-dosage-field">
              <label htmlFor={inputId} className="form-label mb-1">
                {label}
              </label>
              <input
                id={inputId}
                type="text"
                inputMode="numeric"
                pattern="[0-9]*"
                autoComplete="off"
                maxLength={4}
                className={`form-control${error ? ' is-invalid' : ''}`}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy(inputId, { error })}
                {...field(name)}
              />
              {error ? (
                <div id={`${inputId}-error`} className="invalid-feedback d-block">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
        <div className="program-dosage-field">
          <label htmlFor={`${id}-side`} className="form-label mb-1">
            Side
          </label>
          <select
            id={`${id}-side`}
            className={`form-select${dosageErrors?.side ? ' is-invalid' : ''}`}
            aria-invalid={dosageErrors?.side ? true : undefined}
            aria-describedby={describedBy(`${id}-side`, { error: dosageErrors?.side?.message })}
            {...field('side')}
          >
            <option value="">None</option>
            {SIDES.map((side) => (
              <option key={side} value={side}>
                {SIDE_LABELS[side]}
              </option>
            ))}
          </select>
          {dosageErrors?.side ? (
            <div id={`${id}-side-error`} className="invalid-feedback d-block">
              {dosageErrors.side.message}
            </div>
          ) : null}
        </div>
      </div>
      <p id={`${id}-words`} className="program-dosage-words mb-0 mt-2">
        {words ? (
          <>
            <span className="text-body-secondary">The client sees: </span>
            {words}
          </>
        ) : (
          <span className="text-body-secondary">No dosage yet.</span>
        )}
      </p>
    </fieldset>
  );
}
