import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { Trash } from 'react-bootstrap-icons';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import type { TProgram } from '@hep/shared/schemas/programs';
import { useDeleteProgram } from '../../../../lib/programs-api';

/** Delete with a confirmation; afterwards the client's page (the program no longer exists to come back to). */
export function DeleteProgramButton({ program }: { program: TProgram }) {
  const [confirming, setConfirming] = useState(false);
  const deleteProgram = useDeleteProgram();
  const navigate = useNavigate();

  const close = () => {
    if (deleteProgram.isPending) return;
    setConfirming(false);
    deleteProgram.reset();
  };
  const confirm = () =>
    deleteProgram.mutate(program.id, {
      onSuccess: () => navigate(`/client/${program.client.id}`, { replace: true }),
    });

  return (
    <>
      <Button variant="outline-danger" aria-label="Delete program" onClick={() => setConfirming(true)}>
        <Trash aria-hidden="true" />
        Delete
      </Button>
      <Modal show={confirming} onHide={close} centered aria-labelledby="delete-program-title">
        <Modal.Header closeButton={!deleteProgram.isPending}>
          <Modal.Title id="delete-program-title" as="h2" className="h4">
            Delete Program
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{MESSAGES.deleteProgramConfirm(program.name)}</p>
          {deleteProgram.isError ? (
            <Alert variant="danger" className="mt-3 mb-0">
              {MESSAGES.programDeleteFailed}
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={close} disabled={deleteProgram.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={deleteProgram.isPending}>
            <Trash aria-hidden="true" />
            {deleteProgram.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </Modal.Footer>
      </Modal>
    </>
  );
}
