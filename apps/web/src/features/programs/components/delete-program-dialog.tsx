import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trash } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import type { TProgram } from '@hep/shared/schemas/programs';
import { useDeleteProgram } from '../api/delete-program';

interface DeleteProgramDialogProps {
  /** The program the dialog is about; kept while the dialog closes. */
  program: TProgram | null;
  show: boolean;
  onHide: () => void;
  /** After the deletion; the dialog hides itself first. */
  onDeleted?: (program: TProgram) => void;
}

/**
 * Confirms a program's deletion (its exercises and feedback go with it): the one Delete Program dialog, opened from
 * the client page's card menu and from the program view. While the call runs it cannot be closed.
 */
export function DeleteProgramDialog({ program, show, onHide, onDeleted }: DeleteProgramDialogProps) {
  const remove = useDeleteProgram();

  const close = () => {
    if (!remove.isPending) onHide();
  };
  const confirm = () => {
    if (!program) return;
    remove.mutate(program.id, {
      onSuccess: () => {
        onHide();
        onDeleted?.(program);
      },
    });
  };

  return (
    <Modal
      show={show}
      onHide={close}
      onExited={() => remove.reset()}
      centered
      aria-labelledby="delete-program-title"
    >
      <Modal.Header closeButton={!remove.isPending}>
        <Modal.Title id="delete-program-title" as="h2" className="h4">
          Delete Program
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{program ? MESSAGES.deleteProgramConfirm(program.name) : null}</p>
        {remove.isError ? (
          <Alert variant="danger" className="mt-3 mb-0">
            {MESSAGES.programDeleteFailed}
          </Alert>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          <Trash aria-hidden="true" />
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
