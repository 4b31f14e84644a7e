import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { ModalHeader } from '../../../components/ui/modal-header';
import { errorMessage } from '../../../lib/api-error';
import { fullName } from '../utils/users';

/** What the person types to confirm: the client's full name (any letter case and spacing) or ERASE. */
export function confirmsErasure(
  typed: string,
  user: Pick<TUserListItem, 'first_name' | 'last_name'>,
): boolean {
  const words = (text: string) => text.trim().split(/\s+/).join(' ').toLowerCase();
  const said = words(typed);
  return said !== '' && (said === words(fullName(user)) || typed.trim() === 'ERASE');
}

interface EraseClientModalProps {
  user: TUserListItem;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * Erase a deactivated client (docs/product/retention.md#erasure): says what goes, and the Erase button stays off
 * until the client's full name (or ERASE) is typed.
 */
export function EraseClientModal({ user, pending, error, onCancel, onConfirm }: EraseClientModalProps) {
  const { t } = useLingui();
  const [typed, setTyped] = useState('');
  const name = fullName(user);
  const confirmed = confirmsErasure(typed, user);
  return (
    <Modal
      show
      onHide={pending ? () => undefined : onCancel}
      backdrop={pending ? 'static' : true}
      keyboard={!pending}
      centered
      aria-labelledby="erase-title"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (confirmed && !pending) onConfirm();
        }}
      >
        <ModalHeader closeButton={!pending}>
          <Modal.Title id="erase-title" as="h2" className="h4">
            <Trans>Erase {name}?</Trans>
          </Modal.Title>
        </ModalHeader>
        <Modal.Body>
          <p>
            <Trans>
              Their account, programs, feedback, messages, outcome measures, carer links and the photos and
              videos only they used are deleted for good. This cannot be undone. The audit log keeps only ids.
            </Trans>
          </p>
          <label htmlFor="erase-confirm" className="form-label fw-semibold">
            <Trans>Type the client's full name ({name}) or ERASE to confirm</Trans>
          </label>
          <input
            id="erase-confirm"
            className="form-control"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {error ? (
            <Alert variant="danger" role="alert" className="mt-3 mb-0">
              {errorMessage(error, t`Failed to erase the client. Please try again.`)}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onCancel} disabled={pending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed || pending}>
            {pending ? <Trans>Erasing...</Trans> : <Trans>Erase</Trans>}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
