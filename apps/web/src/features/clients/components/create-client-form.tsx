import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { ZCreateClient, type TCreateClient } from '@hep/shared/schemas/clients';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { isApiError } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { useCreateClient } from '../api/create-client';
import { todayIso } from '../../../lib/calendar-date';
import { bindClientFields, CLIENT_FIELDS, ClientFields } from './client-fields';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

/** What this form hands to the new client's page through navigation state: say "Client created successfully!". */
export interface TClientPageState {
  created?: boolean;
}

// No condition yet: the select shows "Select a condition" and the schema answers "This field is required.".
const EMPTY: Partial<TCreateClient> = {
  first_name: '',
  last_name: '',
  date_of_birth: '',
  email: '',
  mobile: '',
};

/** Create Client: every field required; success opens the new client's page, which says so. */
export function CreateClientForm() {
  const navigate = useNavigate();
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
  } = useForm<TCreateClient>({ resolver: zodResolver(ZCreateClient), defaultValues: EMPTY });
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
        setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
        return;
      }
      setNotice(null);
      create.mutate(values, {
        onSuccess: (result) => setCreatedId(result.id),
        onError: (error) => {
          if (isApiError(error) && error.status === 409) {
            setError(
              'email',
              { message: error.fields.email ?? error.serverMessage ?? MESSAGES.emailTaken },
              { shouldFocus: true },
            );
            return;
          }
          setServerFieldErrors(setError, error, CLIENT_FIELDS);
          setNotice({ kind: 'error', text: MESSAGES.clientCreateFailed });
        },
      });
    },
    () => {
      if (emailCheck.error) setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
    },
  );

  const busy = create.isPending || created;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Create client">
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
        {busy ? 'Activating...' : 'Activate Client'}
      </button>
      <FormResult result={notice} />
    </form>
  );
}
