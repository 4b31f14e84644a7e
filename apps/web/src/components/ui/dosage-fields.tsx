import { useFormContext, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { DOSAGE_FIELDS, SIDES } from '@hep/shared/domain/dosage';
import { type DosageFormValues, dosageFormInWords } from '../../lib/dosage-form';
import { describedBy } from './form-field';
import './dosage-fields.css';

type DosageField = (typeof DOSAGE_FIELDS)[number];

const LABELS: Record<DosageField, string> = {
  sets: 'Sets',
  reps: 'Reps',
  hold_seconds: 'Hold (seconds)',
  rest_seconds: 'Rest (seconds)',
  times_per_day: 'Times a day',
  side: 'Side',
};

const SIDE_LABELS: Record<(typeof SIDES)[number], string> = { left: 'Left', right: 'Right', both: 'Both' };

interface DosageFieldsProps {
  /** Unique on the page: the inputs' ids start with it. */
  idPrefix: string;
  /** react-hook-form's registration of each input. */
  field: (name: DosageField) => UseFormRegisterReturn;
  errors: Partial<Record<DosageField, string | undefined>>;
  /** The dosage in words (dosageFormInWords), shown under the inputs as the client will read it. */
  words: string;
}

/**
 * An exercise's dosage (docs/product/programs-and-exercises.md#dosage), the same on every form: five small number
 * inputs and the side, all optional, then the dosage in words. The server checks the ranges; its message shows under
 * the field.
 */
export function DosageFields({ idPrefix, field, errors, words }: DosageFieldsProps) {
  return (
    <fieldset className="dosage-fields mb-3" aria-describedby={`${idPrefix}-words`}>
      <legend className="form-label fw-semibold fs-6 mb-1">
        Dosage <span className="fw-normal text-body-secondary">(optional)</span>
      </legend>
      <div className="dosage-grid">
        {DOSAGE_FIELDS.map((name) => {
          const id = `${idPrefix}-${name}`;
          const error = errors[name];
          const common = {
            id,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': describedBy(id, { error }),
            ...field(name),
          } as const;
          return (
            <div key={name} className="dosage-field">
              <label htmlFor={id} className="form-label mb-1">
                {LABELS[name]}
              </label>
              {name === 'side' ? (
                <select className={`form-select${error ? ' is-invalid' : ''}`} {...common}>
                  <option value="">None</option>
                  {SIDES.map((side) => (
                    <option key={side} value={side}>
                      {SIDE_LABELS[side]}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  type="text"
                  inputMode="numeric"
                  pattern="[0-9]*"
                  autoComplete="off"
                  maxLength={4}
                  className={`form-control${error ? ' is-invalid' : ''}`}
                  {...common}
                />
              )}
              {error ? (
                <div id={`${id}-error`} className="invalid-feedback d-block">
                  {error}
                </div>
              ) : null}
            </div>
          );
        })}
      </div>
      <p id={`${idPrefix}-words`} className="dosage-words mb-0 mt-2">
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

/**
 * The fields bound to a form's dosage group (DosageFormValues at `name`, e.g. `exercises.2.dosage`), inside its
 * FormProvider. A message on a field goes once the field is edited.
 */
export function DosageFormFields({ idPrefix, name }: { idPrefix: string; name: string }) {
  const { control, register, clearErrors, getFieldState, formState } = useFormContext();
  const dosage = useWatch({ control, name }) as DosageFormValues | undefined;
  const errors = Object.fromEntries(
    DOSAGE_FIELDS.map((field) => [field, getFieldState(`${name}.${field}`, formState).error?.message]),
  );
  const field = (part: DosageField) => {
    const path = `${name}.${part}`;
    return register(path, { onChange: () => clearErrors(path) });
  };
  return (
    <DosageFields
      idPrefix={idPrefix}
      field={field}
      errors={errors}
      words={dosage ? dosageFormInWords(dosage) : ''}
    />
  );
}
