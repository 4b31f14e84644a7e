import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { MESSAGES } from '@hep/shared/messages';
import { useInactivityTimer } from '../hooks/use-inactivity-timer';

/** Mounted while signed in: warns before the inactivity logout and performs it. */
export function SessionTimeout() {
  const { phase, stayActive, logout } = useInactivityTimer();
  return (
    <Modal
      show={phase === 'warning'}
      onHide={stayActive}
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
        <Button variant="outline-secondary" onClick={logout}>
          Logout
        </Button>
        <Button variant="primary" onClick={stayActive}>
          Stay Active
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
