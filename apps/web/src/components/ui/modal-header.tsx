import Modal from 'react-bootstrap/Modal';
import type { ModalHeaderProps } from 'react-bootstrap/ModalHeader';
import { useLingui } from '@lingui/react/macro';

/** A dialog's header; its close button is named "Close" in the reader's language (react-bootstrap's is English). */
export function ModalHeader({ closeLabel, ...props }: ModalHeaderProps) {
  const { t } = useLingui();
  return <Modal.Header closeLabel={closeLabel ?? t`Close`} {...props} />;
}
