import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CARER_ACCESS_LEVELS, type TCarerAccess } from '@hep/shared/schemas/carers';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { todayIso } from '../../../lib/calendar-date';
import { useInviteCarer } from '../api/carer-links';
import { ACCESS_WORDS } from './carer-words';

const EMPTY = { first_name: '', last_name: '', email: '', relationship: '', expires_on: '' };

/**
 * The care team adds a carer (docs/product/carers.md#calls): a new one gets an email to set their password, one with
 * an account is linked to this client too.
 */
export function InviteCarerForm({
  clientId,
  onDone,
}: {
  clientId: number;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useLingui();
  const [values, setValues] = useState(EMPTY);
  const [access, setAccess] = useState<TCarerAccess>('view');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const invite = useInviteCarer(clientId);
  const field = (name: keyof typeof EMPTY) => ({
    id: `carer-${name}`,
    value: values[name],
    error: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [name]: event.target.value }));
      // A field's message goes once it is changed; the others stay until the next Add carer.
      setFields(({ [name]: _changed, ...others }) => others);
      setProblem(null);
    },
  });

  return (
    <form
      className="card card-body mb-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setProblem(null);
        invite.mutate(
          { ...values, access, expires_on: values.expires_on || null },
          {
            onSuccess: (link) => {
              const carerName = `${link.carer.first_name} ${link.carer.last_name}`;
              onDone(t`${carerName} can now help.`);
            },
            onError: (error) => {
              setFields(isApiError(error) ? error.fields : {});
              setProblem(errorMessage(error, t`The carer could not be added. Please try again.`));
            },
          },
        );
      }}
    >
      <h3 className="h5">
        <Trans>Add a carer</Trans>
      </h3>
      <div className="row g-3">
        <div className="col-sm-6">
          <TextField {...field('first_name')} label={t`First Name`} autoComplete="off" />
        </div>
        <div className="col-sm-6">
          <TextField {...field('last_name')} label={t`Last Name`} autoComplete="off" />
        </div>
      </div>
      <TextField {...field('email')} type="email" label={t`Email`} autoComplete="off" />
      <TextField
        {...field('relationship')}
        label={t`Relationship`}
        hint={t`For example: wife, son, friend.`}
        autoComplete="off"
      />
      <SelectField
        id="carer-access"
        label={t`Access`}
        value={access}
        error={fields.access}
        hint={i18n._(ACCESS_WORDS[access].what)}
        onChange={(event) => setAccess(event.target.value as TCarerAccess)}
      >
        {CARER_ACCESS_LEVELS.map((level) => (
          <option key={level} value={level}>
            {i18n._(ACCESS_WORDS[level].name)}
          </option>
        ))}
      </SelectField>
      <TextField {...field('expires_on')} type="date" min={todayIso()} label={t`Last day (optional)`} />
      {/* Refusals of fields show on them; this is for the rest (the connection, the server). */}
      {problem && Object.keys(fields).length === 0 ? (
        <PlainAlert variant="danger">{problem}</PlainAlert>
      ) : null}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
          {invite.isPending ? <Trans>Adding...</Trans> : <Trans>Add carer</Trans>}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={() => onDone('')}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
