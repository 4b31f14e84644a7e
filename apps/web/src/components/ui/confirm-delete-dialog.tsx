import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trash } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { ModalHeader } from './modal-header';

interface ConfirmDeleteDialogProps {
  show: boolean;
  /** Unique on the page: the title's id. */
  id: string;
  title: string;
  /** What will go, and what stays. */
  children: ReactNode;
  /** The action: its button says "Delete" or "Remove" (in the page's language). */
  action?: 'Delete' | 'Remove';
  pending: boolean;
  /** Shown when the call failed. */
  error: string | null;
  onConfirm: () => void;
  onHide: () => void;
  /** After the dialog has faded out: reset the call. */
  onExited: () => void;
}

/** Asks before something is deleted. While the call runs it cannot be closed, and Delete cannot be pressed twice. */
export function ConfirmDeleteDialog(props: ConfirmDeleteDialogProps) {
  const { show, id, title, children, action = 'Delete', pending, error, onConfirm, onHide, onExited } = props;
  const { t } = useLingui();
  const words =
    action === 'Delete'
      ? { label: t`Delete`, busy: t`Deleting...` }
      : {
          label: t({ message: 'Remove', comment: 'button: take it away (the record stays)' }),
          busy: t`Removing...`,
        };
  const close = () => {
    if (!pending) onHide();
  };
  return (
    <Modal show={show} onHide={close} onExited={onExited} centered aria-labelledby={id}>
      <ModalHeader closeButton={!pending}>
        <Modal.Title id={id} as="h2" className="h4">
          {title}
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        <p className="mb-0">{children}</p>
        {error ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {error}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={pending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={pending}>
          <Trash aria-hidden="true" />
          {pending ? words.busy : words.label}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
