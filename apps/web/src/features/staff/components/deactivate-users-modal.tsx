import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { fullName } from '../utils/users';
import { ModalHeader } from '../../../components/ui/modal-header';

interface DeactivateUsersModalProps {
  show: boolean;
  users: TUserListItem[];
  pending: boolean;
  failed: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Confirm Deactivation: names the users, by name and email, before they lose access. */
export function DeactivateUsersModal({
  show,
  users,
  pending,
  failed,
  onCancel,
  onConfirm,
}: DeactivateUsersModalProps) {
  const { t } = useLingui();
  const count = users.length;
  return (
    // While the request runs the dialog stays open, so that its outcome (or failure) is seen.
    <Modal
      show={show}
      onHide={pending ? () => undefined : onCancel}
      backdrop={pending ? 'static' : true}
      keyboard={!pending}
      centered
      scrollable
      aria-labelledby="deactivate-title"
    >
      <ModalHeader closeButton={!pending}>
        <Modal.Title id="deactivate-title" as="h2" className="h4">
          <Trans>Confirm Deactivation</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        <p>
          {count === 1
            ? t`Deactivate this user? They will no longer be able to log in.`
            : t`Deactivate these ${count} users? They will no longer be able to log in.`}
        </p>
        <ul className="list-unstyled mb-0">
          {users.map((user) => (
            <li key={user.id} className="py-2 border-bottom">
              <span className="fw-semibold">{fullName(user)}</span>
              <span className="d-block text-break">{user.email}</span>
            </li>
          ))}
        </ul>
        {failed ? (
          <Alert variant="danger" role="alert" className="mt-3 mb-0">
            <Trans>Failed to deactivate users. Please try again.</Trans>
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending || users.length === 0}>
          {pending ? <Trans>Deactivating...</Trans> : <Trans>Deactivate</Trans>}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
