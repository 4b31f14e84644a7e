import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { isApiError } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { useCreateClient } from '../api/create-client';
import { todayIso } from '../../../lib/calendar-date';
import { bindClientFields, CLIENT_FIELDS, ClientFields } from './client-fields';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { DEFAULT_CLIENT_LANGUAGE, ZCreateClientForm, type TCreateClientForm } from '../utils/client-language';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

/** What this form hands to the new client's page through navigation state: say "Client created successfully!". */
export interface TClientPageState {
  created?: boolean;
}

// No condition yet: the select shows "Select a condition" and the schema answers "This field is required.".
const EMPTY: Partial<TCreateClientForm> = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  email: '',
  mobile: '',
  language: DEFAULT_CLIENT_LANGUAGE,
};

/** Create Client: every field required; success opens the new client's page, which says so. */
export function CreateClientForm() {
  const navigate = useNavigate();
  const { t } = useLingui();
  const create = useCreateClient();
  const emailCheck = useEmailAvailability(null);
  const [notice, setNotice] = useState<TFormResult | null>(null);
  const [createdId, setCreatedId] = useState<number | null>(null);
  const created = createdId !== null;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<TCreateClientForm>({
    resolver: translatedResolver(zodResolver(ZCreateClientForm)),
    defaultValues: EMPTY,
  });
  useUnsavedChanges(isDirty && !created);

  // Navigate once the form no longer counts as unsaved, so the leave dialog does not ask.
  useEffect(() => {
    if (createdId === null) return;
    const state: TClientPageState = { created: true };
    void navigate(`/client/${createdId}`, { state });
  }, [createdId, navigate]);

  const onSubmit = handleSubmit(
    (values) => {
      if (emailCheck.error) {
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
        return;
      }
      setNotice(null);
      create.mutate(values, {
        onSuccess: (result) => setCreatedId(result.id),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            setError(
              'email',
              { message: error.fields.email ?? error.serverMessage ?? t`This email is already registered.` },
              { shouldFocus: true },
            );
            return;
          }
          setServerFieldErrors(setError, error, CLIENT_FIELDS);
          setNotice({ kind: 'error', text: t`Failed to create client. Please try again.` });
        },
      });
    },
    () => {
      if (emailCheck.error)
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
    },
  );

  const busy = create.isPending || created;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Create client`}>
      <ClientFields
        idPrefix="create-client"
        today={todayIso()}
        conditionRequired
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
      <button type="submit" className="btn btn-primary w-100 mt-2" disabled={busy}>
        {busy ? <Trans>Activating...</Trans> : <Trans>Activate Client</Trans>}
      </button>
      <FormResult result={notice} />
    </form>
  );
}
