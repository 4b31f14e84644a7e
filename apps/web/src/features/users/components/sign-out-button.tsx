import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { BoxArrowRight } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { UnsentFeedbackError } from '../../../lib/logout';
import { unsentWarning } from '../../../lib/offline/outbox-rules';
import { useSignOut } from '../api/sign-out';
import { ModalHeader } from '../../../components/ui/modal-header';

/**
 * Ends the session on the server and here; the shell then returns to the login page. Feedback kept on this phone
 * is sent first; if some cannot be sent, the client is told it would be lost and chooses.
 */
export function SignOutButton() {
  const signOut = useSignOut();
  const [unsent, setUnsent] = useState<number | null>(null);
  const asking = signOut.error instanceof UnsentFeedbackError;
  const failed = signOut.isError && !asking;

  const start = () =>
    signOut.mutate(undefined, {
      onError: (error) => {
        if (error instanceof UnsentFeedbackError) setUnsent(error.count);
      },
    });
  const close = () => {
    if (!signOut.isPending) setUnsent(null);
  };

  return (
    <div>
      <button
        type="button"
        className="btn btn-outline-danger w-100"
        onClick={start}
        disabled={signOut.isPending}
      >
        <BoxArrowRight aria-hidden="true" className="flip-rtl" />
        {signOut.isPending ? <Trans>Signing Out...</Trans> : <Trans>Sign Out</Trans>}
      </button>
      {failed && unsent === null ? (
        <Alert variant="danger" className="mt-3 mb-0">
          <Trans>Failed to sign out</Trans>
        </Alert>
      ) : null}
      <Modal
        show={unsent !== null}
        onHide={close}
        onExited={() => signOut.reset()}
        centered
        aria-labelledby="sign-out-unsent-title"
      >
        <ModalHeader closeButton={!signOut.isPending}>
          <Modal.Title id="sign-out-unsent-title" as="h2" className="h4">
            <Trans>Sign out?</Trans>
          </Modal.Title>
        </ModalHeader>
        <Modal.Body>
          <p className="mb-0">{unsentWarning(unsent ?? 0)}</p>
          {failed ? (
            <Alert variant="danger" className="mt-3 mb-0">
              <Trans>Failed to sign out</Trans>
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={signOut.isPending}>
            <Trans>Stay signed in</Trans>
          </Button>
          <Button
            variant="danger"
            onClick={() => signOut.mutate({ discardUnsent: true })}
            disabled={signOut.isPending}
          >
            {signOut.isPending ? <Trans>Signing Out...</Trans> : <Trans>Sign out anyway</Trans>}
          </Button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
