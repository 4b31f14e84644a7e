import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trans, useLingui } from '@lingui/react/macro';
import { ModalHeader } from './modal-header';

interface UnsavedChangesDialogProps {
  show: boolean;
  message: string | undefined;
  onStay: () => void;
  onLeave: () => void;
}

/** "Unsaved changes": asked by UnsavedChangesGuard before a navigation leaves a dirty form. */
export function UnsavedChangesDialog({ show, message, onStay, onLeave }: UnsavedChangesDialogProps) {
  const { t } = useLingui();
  return (
    <Modal show={show} onHide={onStay} centered aria-labelledby="unsaved-changes-title">
      <ModalHeader>
        <Modal.Title id="unsaved-changes-title" as="h2" className="h4">
          <Trans>Unsaved Changes</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        {message ?? t`You have unsaved changes. Are you sure you want to leave this page?`}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onStay}>
          <Trans>Stay on Page</Trans>
        </Button>
        <Button variant="danger" onClick={onLeave}>
          <Trans>Leave Page</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
