import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISCIPLINES } from '@hep/shared/domain/constants';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { translatedResolver, translateText } from '../../../lib/i18n/translated-resolver';

// translatedResolver keeps one type for values in and out; the schema's output (a number clinic_id) is what it hands on.
const resolver = translatedResolver(zodResolver(ZAddTherapist)) as unknown as Resolver<
  TAddTherapist,
  unknown,
  TAddTherapistBody
>;
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
  const { t } = useLingui();
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
    setResult(missing ? { kind: 'error', text: t`Please fill in all required fields.` } : null);
  };

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    add.mutate(values, {
      onSuccess: () => setResult({ kind: 'success', text: t`Therapist added successfully.` }),
      onError: (error) => {
        setServerFieldErrors(setError, error, FIELDS);
        setResult({
          kind: 'error',
          text: errorMessage(error, t`Failed to add therapist(s). Please try again.`),
        });
      },
    });
  }, onInvalid);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Add therapist`}>
      <Modal.Body>
        <SelectField
          id="therapist-clinic"
          label={t`Clinic`}
          error={errors.clinic_id?.message}
          aria-required="true"
          {...register('clinic_id')}
        >
          <option value="">
            <Trans>Select a clinic</Trans>
          </option>
          {clinics.map((clinic) => (
            <option key={clinic.id} value={String(clinic.id)}>
              {clinic.name}
            </option>
          ))}
        </SelectField>
        <TextField
          id="therapist-first-name"
          label={t`First Name`}
          autoComplete="off"
          aria-required="true"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          id="therapist-last-name"
          label={t`Last Name`}
          autoComplete="off"
          aria-required="true"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          id="therapist-email"
          label={t`Email`}
          type="email"
          inputMode="email"
          autoComplete="off"
          aria-required="true"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          id="therapist-discipline"
          label={t`Discipline`}
          error={errors.discipline?.message}
          aria-required="true"
          {...register('discipline')}
        >
          <option value="">
            <Trans>Select a discipline</Trans>
          </option>
          {DISCIPLINES.map((discipline) => (
            <option key={discipline} value={discipline}>
              {/* The stored value is English; its name reads in the page's language once the catalog has it. */}
              {translateText(discipline)}
            </option>
          ))}
        </SelectField>
        <FormResult result={result} />
      </Modal.Body>
      <ModalFormFooter
        onCancel={onCancel}
        label={t`Add Therapist`}
        busyLabel={t`Adding...`}
        busy={add.isPending}
        disabled={succeeded}
      />
    </form>
  );
}
