import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@hep/shared/messages';

interface SessionTimeoutDialogProps {
  show: boolean;
  onStayActive: () => void;
  onLogout: () => void;
}

/** The warning before the inactivity logout. */
export function SessionTimeoutDialog({ show, onStayActive, onLogout }: SessionTimeoutDialogProps) {
  return (
    <Modal
      show={show}
      onHide={onStayActive}
      backdrop="static"
      centered
      aria-labelledby="session-timeout-title"
      aria-describedby="session-timeout-body"
    >
      <Modal.Header>
        <Modal.Title id="session-timeout-title" as="h2" className="h4">
          {MESSAGES.sessionWarningTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body id="session-timeout-body">{MESSAGES.sessionWarningBody}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onLogout}>
          Logout
        </Button>
        <Button variant="primary" onClick={onStayActive}>
          Stay Active
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
