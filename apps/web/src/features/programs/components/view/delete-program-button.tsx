import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Trash } from 'react-bootstrap-icons';
import { useNavigate } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { DeleteProgramDialog } from '../delete-program-dialog';

/** Delete with a confirmation; afterwards the client's page (the program no longer exists to come back to). */
export function DeleteProgramButton({ program }: { program: TProgram }) {
  const [confirming, setConfirming] = useState(false);
  const navigate = useNavigate();
  const { t } = useLingui();
  return (
    <>
      <Button variant="outline-danger" aria-label={t`Delete program`} onClick={() => setConfirming(true)}>
        <Trash aria-hidden="true" />
        <Trans>Delete</Trans>
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
