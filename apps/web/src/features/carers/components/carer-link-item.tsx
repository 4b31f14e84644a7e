import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CARER_ACCESS_LEVELS, type TCarerAccess, type TCarerLink } from '@hep/shared/schemas/carers';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { formatLongDate, todayIso } from '../../../lib/calendar-date';
import { useUpdateCarerLink } from '../api/carer-links';
import { ACCESS_WORDS } from './carer-words';

interface CarerLinkItemProps {
  link: TCarerLink;
  /** The care team changes the access and the last day; the client only removes. */
  editable: boolean;
  onRemove: (link: TCarerLink) => void;
}

/** One carer: who, how they are related, what they may do and until when, and the ways to change or end it. */
export function CarerLinkItem({ link, editable, onRemove }: CarerLinkItemProps) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState(false);
  const [access, setAccess] = useState<TCarerAccess>(link.access);
  const [expiresOn, setExpiresOn] = useState(link.expires_on ?? '');
  const update = useUpdateCarerLink(link.client_id);
  const name = `${link.carer.first_name} ${link.carer.last_name}`;
  const fields = isApiError(update.error) ? update.error.fields : {};
  const until = link.expires_on ? formatLongDate(link.expires_on) : null;
  const level = i18n._(ACCESS_WORDS[link.access].name);

  return (
    <li className="card">
      <div className="card-body">
        <h4 className="h6 mb-1">
          {name} <span className="fw-normal text-body-secondary">({link.relationship})</span>
        </h4>
        <p className="mb-1">
          <Trans>Access: {level}</Trans>
          {' · '}
          {until ? <Trans>until {until}</Trans> : <Trans>no end date</Trans>}
        </p>
        <p className="text-body-secondary mb-2">{i18n._(ACCESS_WORDS[link.access].what)}</p>
        {editing ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate(
                { id: link.id, access, expires_on: expiresOn || null },
                { onSuccess: () => setEditing(false) },
              );
            }}
          >
            <SelectField
              id={`carer-access-${link.id}`}
              label={t`Access`}
              value={access}
              error={fields.access}
              onChange={(event) => setAccess(event.target.value as TCarerAccess)}
            >
              {CARER_ACCESS_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {i18n._(ACCESS_WORDS[level].name)}
                </option>
              ))}
            </SelectField>
            <TextField
              id={`carer-expires-${link.id}`}
              type="date"
              min={todayIso()}
              label={t`Last day (optional)`}
              value={expiresOn}
              error={fields.expires_on}
              onChange={(event) => setExpiresOn(event.target.value)}
            />
            {update.isError && !fields.access && !fields.expires_on ? (
              <PlainAlert variant="danger">
                {errorMessage(update.error, t`Failed to save. Please try again.`)}
              </PlainAlert>
            ) : null}
            <div className="d-flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={update.isPending}>
                {update.isPending ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
              </button>
              <button type="button" className="btn btn-outline-secondary" onClick={() => setEditing(false)}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </form>
        ) : (
          <div className="d-flex flex-wrap gap-2">
            {editable ? (
              <button type="button" className="btn btn-outline-primary" onClick={() => setEditing(true)}>
                <Trans>
                  Change access<span className="visually-hidden"> of {name}</span>
                </Trans>
              </button>
            ) : null}
            <button type="button" className="btn btn-outline-danger" onClick={() => onRemove(link)}>
              <Trans>
                Remove<span className="visually-hidden"> {name}</span>
              </Trans>
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
