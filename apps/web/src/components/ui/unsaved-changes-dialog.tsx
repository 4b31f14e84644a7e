import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@hep/shared/messages';

interface UnsavedChangesDialogProps {
  show: boolean;
  message: string | undefined;
  onStay: () => void;
  onLeave: () => void;
}

/** "Unsaved changes": asked by UnsavedChangesGuard before a navigation leaves a dirty form. */
export function UnsavedChangesDialog({ show, message, onStay, onLeave }: UnsavedChangesDialogProps) {
  return (
    <Modal show={show} onHide={onStay} centered aria-labelledby="unsaved-changes-title">
      <Modal.Header>
        <Modal.Title id="unsaved-changes-title" as="h2" className="h4">
          {MESSAGES.unsavedTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message ?? MESSAGES.unsavedBody}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onStay}>
          {MESSAGES.stayOnPage}
        </Button>
        <Button variant="danger" onClick={onLeave}>
          {MESSAGES.leavePage}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
