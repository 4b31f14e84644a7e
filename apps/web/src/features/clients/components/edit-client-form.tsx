import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TClientDetails } from '@hep/shared/schemas/clients';
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
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { ZEditClientForm, type TEditClientForm, type TEditClientFormBody } from '../utils/client-language';
import './clients.css';

function toFormValues(client: TClientDetails): TEditClientForm {
  return {
    id: client.id,
    first_name: client.first_name,
    last_name: client.last_name,
    date_of_birth: client.date_of_birth ?? '',
    email: client.email,
    mobile: client.mobile ?? '',
    condition: (client.condition ?? '') as TEditClientForm['condition'],
    receives_sms: client.receives_sms,
    receives_email: client.receives_email,
    language: client.language,
  };
}

const SWITCHES: readonly {
  name: 'receives_sms' | 'receives_email';
  label: MessageDescriptor;
  hint: MessageDescriptor;
}[] = [
  { name: 'receives_sms', label: msg`Receives SMS`, hint: msg`Text messages to the mobile number above.` },
  { name: 'receives_email', label: msg`Receives Email`, hint: msg`Exercise reminders by email.` },
];

/** Edit Client: the Create Client fields (condition optional) plus the SMS and email switches. */
export function EditClientForm({ client }: { client: TClientDetails }) {
  const edit = useEditClient();
  const { t } = useLingui();
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
  } = useForm<TEditClientForm, unknown, TEditClientFormBody>({
    // translatedResolver keeps one type for values in and out; the schema's output (a number id, null condition) is
    // what the resolver really hands on.
    resolver: translatedResolver(zodResolver(ZEditClientForm)) as unknown as Resolver<
      TEditClientForm,
      unknown,
      TEditClientFormBody
    >,
    defaultValues: toFormValues(client),
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit(
    (values) => {
      if (emailCheck.error) {
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
        return;
      }
      setNotice(null);
      setLinkSent(null);
      edit.mutate(values, {
        onSuccess: (updated) => {
          reset(toFormValues(updated));
          if (updated.email_change === 'confirmation_sent')
            setLinkSent(
              updated.message ??
                t`We sent a confirmation link to the new address. The email changes when it is used.`,
            );
          else setNotice({ kind: 'success', text: t`Client updated successfully!` });
        },
        onError: (error) => {
          setServerFieldErrors(setError, error, CLIENT_FIELDS);
          if (isApiError(error) && error.status === 409 && !error.fields.email) {
            setError('email', { message: error.serverMessage ?? t`This email is already registered.` });
          }
          setNotice({
            kind: 'error',
            text: errorMessage(error, t`Failed to update client. Please try again.`),
          });
        },
      });
    },
    () => {
      if (emailCheck.error)
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
    },
  );

  const busy = edit.isPending || saved;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Edit client`}>
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
        <legend className="form-label fw-semibold fs-6">
          <Trans>Contact preferences</Trans>
        </legend>
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
                {t(item.label)}
              </label>
              <div id={`edit-client-${item.name}-hint`} className="form-text mt-0">
                {t(item.hint)}
              </div>
            </div>
          </div>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        {edit.isPending ? <Trans>Updating...</Trans> : <Trans>Update Client</Trans>}
      </button>
      <FormResult result={notice} />
      {linkSent ? <InfoNotice text={t`Client updated successfully! ${linkSent}`} /> : null}
    </form>
  );
}
