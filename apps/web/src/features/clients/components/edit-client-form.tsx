import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@hep/shared/messages';
import {
  ZEditClient,
  type TClientDetails,
  type TEditClient,
  type TEditClientBody,
} from '@hep/shared/schemas/clients';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { useSaveResult } from '../../../lib/navigate-after-save';
import { useEditClient } from '../api/edit-client';
import { todayIso } from '../../../lib/calendar-date';
import { bindClientFields, CLIENT_FIELDS, ClientFields } from './client-fields';
import { FormResult } from '../../../components/ui/form-result';
import { InfoNotice } from '../../../components/ui/info-notice';
import './clients.css';

function toFormValues(client: TClientDetails): TEditClient {
  return {
    id: client.id,
    first_name: client.first_name,
    last_name: client.last_name,
    date_of_birth: client.date_of_birth ?? '',
    email: client.email,
    mobile: client.mobile ?? '',
    condition: (client.condition ?? '') as TEditClient['condition'],
    receives_sms: client.receives_sms,
    receives_email: client.receives_email,
  };
}

const SWITCHES = [
  { name: 'receives_sms', label: 'Receives SMS', hint: 'Text messages to the mobile number above.' },
  { name: 'receives_email', label: 'Receives Email', hint: 'Exercise reminders by email.' },
] as const;

/** Edit Client: the Create Client fields (condition optional) plus the SMS and email switches. */
export function EditClientForm({ client }: { client: TClientDetails }) {
  const edit = useEditClient();
  // The client's own address is not "already registered".
  const emailCheck = useEmailAvailability(client.email);
  const { notice, setNotice, saved } = useSaveResult(`/client/${client.id}`);
  // An activated client's new email waits for its confirmation link: the form stays to say so.
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TEditClient, unknown, TEditClientBody>({
    resolver: zodResolver(ZEditClient),
    defaultValues: toFormValues(client),
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(
    (values) => {
      if (emailCheck.error) {
        setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
        return;
      }
      setNotice(null);
      setLinkSent(null);
      edit.mutate(values, {
        onSuccess: (updated) => {
          reset(toFormValues(updated));
          if (updated.email_change === 'confirmation_sent')
            setLinkSent(updated.message ?? MESSAGES.emailChangeConfirmationSent);
          else setNotice({ kind: 'success', text: MESSAGES.clientUpdated });
        },
        onError: (error) => {
          setServerFieldErrors(setError, error, CLIENT_FIELDS);
          if (isApiError(error) && error.status === 409 && !error.fields.email) {
            setError('email', { message: error.serverMessage ?? MESSAGES.emailTaken });
          }
          setNotice({ kind: 'error', text: errorMessage(error, MESSAGES.clientUpdateFailed) });
        },
      });
    },
    () => {
      if (emailCheck.error) setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
    },
  );

  const busy = edit.isPending || saved;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit client">
      <ClientFields
        idPrefix="edit-client"
        today={todayIso()}
        conditionRequired={false}
        emailCheck={emailCheck}
        {...bindClientFields(
          { register, errors },
          {
            onEdit: () => {
              emailCheck.clear();
              setNotice(null);
            },
            onLeave: (value) => void emailCheck.check(value),
          },
        )}
      />
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold fs-6">Contact preferences</legend>
        {SWITCHES.map((item) => (
          <div key={item.name} className="form-check form-switch client-switch">
            <input
              id={`edit-client-${item.name}`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              aria-describedby={`edit-client-${item.name}-hint`}
              {...register(item.name)}
            />
            <div>
              <label htmlFor={`edit-client-${item.name}`} className="form-check-label">
                {item.label}
              </label>
              <div id={`edit-client-${item.name}-hint`} className="form-text mt-0">
                {item.hint}
              </div>
            </div>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {edit.isPending ? 'Updating...' : 'Update Client'}
      </button>
      <FormResult result={notice} />
      {linkSent ? <InfoNotice text={`${MESSAGES.clientUpdated} ${linkSent}`} /> : null}
    </form>
  );
}
