import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISCIPLINES } from '@hep/shared/domain/constants';
import { MESSAGES } from '@hep/shared/messages';
import { ZAddTherapist, type TAddTherapist, type TClinic } from '@hep/shared/schemas/staff';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useAddTherapist, type TAddTherapistBody } from '../api/add-therapist';
import { useCloseAfterSuccess } from '../hooks/use-close-after-success';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

const resolver = zodResolver(ZAddTherapist);
const FIELDS = ['first_name', 'last_name', 'email', 'clinic_id', 'discipline'] as const;

interface AddTherapistFormProps {
  clinics: TClinic[];
  onCancel: () => void;
  /** Called 2 s after the therapist was added. */
  onDone: () => void;
}

/** Add Individual: clinic, names, email and discipline, all required. */
export function AddTherapistForm({ clinics, onCancel, onDone }: AddTherapistFormProps) {
  const add = useAddTherapist();
  const [result, setResult] = useState<TFormResult | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isDirty },
  } = useForm<TAddTherapist, unknown, TAddTherapistBody>({
    resolver,
    defaultValues: { first_name: '', last_name: '', email: '' },
  });
  const succeeded = result?.kind === 'success';
  useUnsavedChanges(isDirty && !succeeded);
  useCloseAfterSuccess(succeeded, onDone);

  const onInvalid = () => {
    const values = getValues();
    const missing = FIELDS.some((field) => !String(values[field] ?? '').trim());
    setResult(missing ? { kind: 'error', text: MESSAGES.fillRequiredFields } : null);
  };

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    add.mutate(values, {
      onSuccess: () => setResult({ kind: 'success', text: MESSAGES.therapistAdded }),
      onError: (error) => {
        setServerFieldErrors(setError, error, FIELDS);
        setResult({ kind: 'error', text: errorMessage(error, MESSAGES.addTherapistFailed) });
      },
    });
  }, onInvalid);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add therapist">
      <Modal.Body>
        <SelectField
          id="therapist-clinic"
          label="Clinic"
          error={errors.clinic_id?.message}
          aria-required="true"
          {...register('clinic_id')}
        >
          <option value="">Select a clinic</option>
          {clinics.map((clinic) => (
            <option key={clinic.id} value={String(clinic.id)}>
              {clinic.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="therapist-first-name"
          label="First Name"
          autoComplete="off"
          aria-required="true"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          id="therapist-last-name"
          label="Last Name"
          autoComplete="off"
          aria-required="true"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          id="therapist-email"
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-required="true"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          id="therapist-discipline"
          label="Discipline"
          error={errors.discipline?.message}
          aria-required="true"
          {...register('discipline')}
        >
          <option value="">Select a discipline</option>
          {DISCIPLINES.map((discipline) => (
            <option key={discipline} value={discipline}>
              {discipline}
            </option>
          ))}
        </SelectField>
        <FormResult result={result} />
      </Modal.Body>
      <ModalFormFooter
        onCancel={onCancel}
        label="Add Therapist"
        busyLabel="Adding..."
        busy={add.isPending}
        disabled={succeeded}
      />
    </form>
  );
}
