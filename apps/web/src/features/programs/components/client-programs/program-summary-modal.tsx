import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Check2, Clipboard } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { LIMITS } from '@hep/shared/limits';
import type { TProgram } from '@hep/shared/schemas/programs';
import { programSummaryText } from '../../utils/program-summary';
import { ModalHeader } from '../../../../components/ui/modal-header';

interface TProgramDialogProps {
  /** The program the dialog is about; kept while the dialog closes. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
}

type TCopyState = 'idle' | 'copied' | 'failed';

/** View Summary: the program as plain text (title, numbered exercises with instructions) to copy elsewhere. */
export function ProgramSummaryModal({ program, show, onHide }: TProgramDialogProps) {
  const [copy, setCopy] = useState<TCopyState>('idle');
  const { t } = useLingui();

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), LIMITS.copiedConfirmationMs);
    return () => clearTimeout(timer);
  }, [copy]);

  const text = program ? programSummaryText(program) : '';
  const copyText = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <Modal
      show={show}
      onHide={onHide}
      onExited={() => setCopy('idle')}
      centered
      scrollable
      aria-labelledby="program-summary-title"
    >
      <ModalHeader closeButton closeLabel={t`Close summary`}>
        <Modal.Title id="program-summary-title" as="h2" className="h4">
          <Trans>Program Summary</Trans>
        </Modal.Title>
      </ModalHeader>
      <Modal.Body>
        <div className="program-summary-text" data-testid="program-summary-text">
          {text}
        </div>
        {copy === 'failed' ? (
          <p role="alert" className="text-danger mt-3 mb-0">
            <Trans>Could not copy. Select the text and copy it instead.</Trans>
          </p>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onHide}>
          <Trans>Close</Trans>
        </Button>
        <Button variant="primary" onClick={() => void copyText()} aria-live="polite">
          {copy === 'copied' ? <Check2 aria-hidden="true" /> : <Clipboard aria-hidden="true" />}
          {copy === 'copied' ? <Trans>Copied!</Trans> : <Trans>Copy to Clipboard</Trans>}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
