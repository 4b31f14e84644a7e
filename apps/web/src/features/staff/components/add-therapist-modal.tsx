import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { FileEarmarkArrowUp, PersonPlus } from 'react-bootstrap-icons';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TClinic } from '@hep/shared/schemas/staff';
import { AddTherapistForm } from './add-therapist-form';
import { ImportTherapistsForm } from './import-therapists-form';
import { ModalHeader } from '../../../components/ui/modal-header';

type TMode = 'individual' | 'csv';

const MODES: readonly { mode: TMode; label: MessageDescriptor; Icon: typeof PersonPlus }[] = [
  { mode: 'individual', label: msg`Add Individual`, Icon: PersonPlus },
  { mode: 'csv', label: msg`Import CSV`, Icon: FileEarmarkArrowUp },
];

interface AddTherapistModalProps {
  show: boolean;
  clinics: TClinic[];
  onClose: () => void;
}

/** Add Therapist: one by one or from a CSV file; each new therapist gets an activation email. */
export function AddTherapistModal({ show, clinics, onClose }: AddTherapistModalProps) {
  const [mode, setMode] = useState<TMode>('individual');
  const { t } = useLingui();
  return (
    <Modal
      show={show}
      onHide={onClose}
      onExited={() => setMode('individual')}
      centered
      fullscreen="sm-down"
      aria-labelledby="add-therapist-title"
    >
      <ModalHeader closeButton>
        <Modal.Title id="add-therapist-title" as="h2" className="h4">
          <Trans>Add Therapist</Trans>
        </Modal.Title>
      </ModalHeader>
      <div className="px-3 pt-3">
        <div className="btn-group w-100" role="group" aria-label={t`How to add therapists`}>
          {MODES.map(({ mode: value, label, Icon }) => (
            <button
              key={value}
              type="button"
              className={`btn ${mode === value ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={mode === value}
              onClick={() => setMode(value)}
            >
              <Icon aria-hidden="true" />
              {t(label)}
            </button>
          ))}
        </div>
        <p className="mt-3 mb-0">
          <Trans>New therapists will be automatically be sent an activation email</Trans>
        </p>
      </div>
      {mode === 'individual' ? (
        <AddTherapistForm clinics={clinics} onCancel={onClose} onDone={onClose} />
      ) : (
        <ImportTherapistsForm onCancel={onClose} onDone={onClose} />
      )}
    </Modal>
  );
}
