import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trans } from '@lingui/react/macro';
import { ModalHeader } from '../../../components/ui/modal-header';

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
      <ModalHeader>
        <Modal.Title id="session-timeout-title" as="h2" className="h4">
          <Trans>Session Timeout Warning</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body id="session-timeout-body">
        <Trans>
          Your session will expire in 1 minute due to inactivity. Would you like to stay logged in?
        </Trans>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onLogout}>
          <Trans>Logout</Trans>
        </Button>
        <Button variant="primary" onClick={onStayActive}>
          <Trans>Stay Active</Trans>
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
