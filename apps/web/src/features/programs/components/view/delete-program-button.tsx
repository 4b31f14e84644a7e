import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Trash } from 'react-bootstrap-icons';
import { useNavigate } from 'react-router';
import type { TProgram } from '@hep/shared/schemas/programs';
import { DeleteProgramDialog } from '../delete-program-dialog';

/** Delete with a confirmation; afterwards the client's page (the program no longer exists to come back to). */
export function DeleteProgramButton({ program }: { program: TProgram }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outline-danger" aria-label="Delete program" onClick={() => setConfirming(true)}>
        <Trash aria-hidden="true" />
        Delete
      </Button>
      <DeleteProgramDialog
        program={program}
        show={confirming}
        onHide={() => setConfirming(false)}
        onDeleted={() => void navigate(`/client/${program.client.id}`, { replace: true })}
      />
    </>
  );
}
