import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trans } from '@lingui/react/macro';

interface ModalFormFooterProps {
  onCancel: () => void;
  /** The submit button's text, and its text while the form is sent. */
  label: string;
  busyLabel: string;
  busy: boolean;
  /** Also keeps the submit button off, e.g. once the form has succeeded. */
  disabled?: boolean;
}

/** A modal form's footer: Cancel, then the submit button, which says what it is doing while the form is sent. */
export function ModalFormFooter({
  onCancel,
  label,
  busyLabel,
  busy,
  disabled = false,
}: ModalFormFooterProps) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" variant="primary" disabled={busy || disabled}>
        {busy ? busyLabel : label}
      </Button>
    </Modal.Footer>
  );
}
