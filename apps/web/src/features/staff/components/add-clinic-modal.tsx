import Modal from 'react-bootstrap/Modal';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZCreateClinic, type TClinic, type TCreateClinic } from '@hep/shared/schemas/staff';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useCreateClinic } from '../api/create-clinic';
import { ModalFormFooter } from '../../../components/ui/modal-form-footer';
import { FormResult } from '../../../components/ui/form-result';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { ModalHeader } from '../../../components/ui/modal-header';

interface AddClinicModalProps {
  show: boolean;
  onClose: () => void;
  onAdded: (clinic: TClinic) => void;
}

function AddClinicForm({ onClose, onAdded }: Omit<AddClinicModalProps, 'show'>) {
  const create = useCreateClinic();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<TCreateClinic>({
    resolver: translatedResolver(zodResolver(ZCreateClinic)),
    defaultValues: { name: '' },
  });
  useUnsavedChanges(isDirty && !create.isSuccess);

  const onSubmit = handleSubmit((values) => {
    create.mutate(values, {
      onSuccess: (clinic) => onAdded(clinic),
      onError: (error) => setServerFieldErrors(setError, error, ['name']),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Add clinic`}>
      <Modal.Body>
        <TextField
          id="clinic-name"
          label={t`Clinic Name`}
          autoComplete="organization"
          aria-required="true"
          error={errors.name?.message}
          {...register('name')}
        />
        <FormResult
          result={
            create.isError
              ? {
                  kind: 'error',
                  text: errorMessage(create.error, t`Failed to add clinic. Please try again.`),
                }
              : null
          }
        />
      </Modal.Body>
      <ModalFormFooter
        onCancel={onClose}
        label={t`Add Clinic`}
        busyLabel={t`Adding...`}
        busy={create.isPending}
      />
    </form>
  );
}

/** Add Clinic: the in-app replacement of the admin site's form (docs/product/staff.md#clinics). */
export function AddClinicModal({ show, onClose, onAdded }: AddClinicModalProps) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="add-clinic-title">
      <ModalHeader closeButton>
        <Modal.Title id="add-clinic-title" as="h2" className="h4">
          <Trans>Add Clinic</Trans>
        </Modal.Title>
      </ModalHeader>
      <AddClinicForm onClose={onClose} onAdded={onAdded} />
    </Modal>
  );
}
