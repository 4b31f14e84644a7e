import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Laptop } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../lib/api-error';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { ModalHeader } from '../../../components/ui/modal-header';

/**
 * "Sign out of all devices", with a confirmation first: every session of the user ends on the server, then
 * `onSignedOut` ends this one (the page goes back to the login page with a notice).
 */
export function SignOutEverywhereButton({ onSignedOut }: { onSignedOut: () => void }) {
  const [show, setShow] = useState(false);
  const { t } = useLingui();
  const signOut = useSignOutEverywhere();
  const close = () => {
    if (!signOut.isPending) setShow(false);
  };
  const confirm = () => signOut.mutate(undefined, { onSuccess: onSignedOut });

  return (
    <>
      <button type="button" className="btn btn-outline-danger w-100" onClick={() => setShow(true)}>
        <Laptop aria-hidden="true" />
        <Trans>Sign out of all devices</Trans>
      </button>
      <Modal
        show={show}
        onHide={close}
        onExited={() => signOut.reset()}
        centered
        aria-labelledby="sign-out-everywhere-title"
      >
        <ModalHeader closeButton={!signOut.isPending}>
          <Modal.Title id="sign-out-everywhere-title" as="h2" className="h4">
            <Trans>Sign out of all devices?</Trans>
          </Modal.Title>
        </ModalHeader>
        <Modal.Body>
          <p className="mb-0">
            <Trans>
              This signs you out on every phone, tablet and computer, including this one. You will need to
              sign in again.
            </Trans>
          </p>
          {signOut.isError ? (
            <Alert variant="danger" className="mt-3 mb-0">
              {errorMessage(signOut.error, t`Failed to sign out of all devices. Please try again.`)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={signOut.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button variant="danger" onClick={confirm} disabled={signOut.isPending}>
            {signOut.isPending ? <Trans>Signing Out...</Trans> : <Trans>Sign Out Everywhere</Trans>}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
