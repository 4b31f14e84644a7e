import type { FieldErrors, UseFormRegister, UseFormRegisterReturn } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONDITIONS } from '@hep/shared/domain/constants';
import { LANGUAGES } from '@hep/shared/languages';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { LANGUAGE_NAMES } from '../../../lib/i18n/languages';
import { translateText } from '../../../lib/i18n/translated-resolver';

export const CLIENT_FIELDS = [
  'first_name',
  'last_name',
  'date_of_birth',
  'email',
  'mobile',
  'condition',
  'language',
] as const;
export type TClientField = (typeof CLIENT_FIELDS)[number];

interface ClientFieldsProps {
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  /** What `register(name)` returned for each field. */
  fields: Record<TClientField, UseFormRegisterReturn>;
  errors: Partial<Record<TClientField, string | undefined>>;
  /** The email availability check: its running state and its error, shown under the email field. */
  emailCheck: { checking: boolean; error: string | null };
  /** Today as yyyy-MM-dd: nobody is born after it. */
  today: string;
  /** Create Client requires a condition; Edit Client does not (docs/product/clients.md#edit-client). */
  conditionRequired: boolean;
}

type ClientFieldValues = Partial<Record<TClientField, unknown>>;

/**
 * What ClientFields needs from a react-hook-form form (Create Client's or Edit Client's): each shared field
 * registered, the email field running the availability check, and each field's error message.
 */
export function bindClientFields<T extends ClientFieldValues>(
  form: { register: UseFormRegister<T>; errors: FieldErrors<T> },
  email: { onEdit: () => void; onLeave: (value: string) => void },
): Pick<ClientFieldsProps, 'fields' | 'errors'> {
  // Both forms hold these seven fields; the form's own type only adds others.
  const register = form.register as unknown as UseFormRegister<ClientFieldValues>;
  const errors = form.errors as FieldErrors<ClientFieldValues>;
  const fields = {} as ClientFieldsProps['fields'];
  const messages: ClientFieldsProps['errors'] = {};
  for (const name of CLIENT_FIELDS) {
    fields[name] =
      name === 'email'
        ? register(name, { onChange: email.onEdit, onBlur: (event) => email.onLeave(event.target.value) })
        : register(name);
    messages[name] = errors[name]?.message;
  }
  return { fields, errors: messages };
}

/**
 * The fields Create Client and Edit Client share: names, date of birth, email, mobile, condition and the client's
 * language (docs/product/languages.md).
 */
export function ClientFields({
  idPrefix,
  fields,
  errors,
  emailCheck,
  today,
  conditionRequired,
}: ClientFieldsProps) {
  const { t } = useLingui();
  const id = (name: string) => `${idPrefix}-${name}`;
  const emailError = emailCheck.error ?? errors.email;
  return (
    <>
      <div className="row g-0 gap-sm-3">
        <div className="col-sm">
          <TextField
            aria-required
            id={id('first-name')}
            label={t`First Name`}
            autoComplete="off"
            error={errors.first_name}
            {...fields.first_name}
          />
        </div>
        <div className="col-sm">
          <TextField
            aria-required
            id={id('last-name')}
            label={t`Last Name`}
            autoComplete="off"
            error={errors.last_name}
            {...fields.last_name}
          />
        </div>
      </div>
      <TextField
        aria-required
        id={id('date-of-birth')}
        label={t`Date of Birth`}
        type="date"
        min="1900-01-01"
        max={today}
        error={errors.date_of_birth}
        {...fields.date_of_birth}
      />
      <TextField
        aria-required
        id={id('email')}
        label={t`Email`}
        type="email"
        inputMode="email"
        autoComplete="off"
        // Exactly one line under the field at all times (the check's status, else its error, else a blank), so
        // that the button below does not move under the pointer when the check starts as the field loses focus.
        status={emailCheck.checking ? t`Checking email availability...` : emailError ? null : '\u00a0'}
        error={emailCheck.checking ? undefined : emailError}
        {...fields.email}
      />
      <TextField
        aria-required
        id={id('mobile')}
        label={t`Mobile`}
        type="tel"
        autoComplete="off"
        error={errors.mobile}
        {...fields.mobile}
      />
      <SelectField
        aria-required={conditionRequired}
        id={id('condition')}
        label={t`Condition`}
        error={errors.condition}
        {...fields.condition}
      >
        <option value="">
          <Trans>Select a condition</Trans>
        </option>
        {CONDITIONS.map((condition) => (
          <option key={condition} value={condition}>
            {/* The stored value is English; its name reads in the page's language once the catalog has it. */}
            {translateText(condition)}
          </option>
        ))}
      </SelectField>
      <SelectField
        aria-required
        id={id('language')}
        label={t`Language`}
        error={errors.language}
        {...fields.language}
      >
        {LANGUAGES.map((language) => (
          // Each language in its own name, so that the client can point to theirs.
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </SelectField>
    </>
  );
}
