import { useParams } from 'react-router';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { LoadedProgramForm } from '../../../features/programs/components/loaded-program-form';
import { ProgramFormLibraryProvider } from '../library/program-form-library';

/**
 * Copy to another client (docs/product/library-and-templates.md#copy-to-another-client): the Replicate form filled
 * from the program, saved for the client in the path. Each exercise names its source, so its media come along by
 * reference.
 */
function CopyProgramForm({ clientId }: { clientId: string }) {
  const client = useClientDetails(clientId);
  return <LoadedProgramForm mode="replicate" forClient={client} />;
}

/** /program/duplicate/:clientId/:programId: Replicate for the program's own client, or a copy for another one. */
export function ReplicateProgramPage() {
  const { clientId = '', programId = '' } = useParams();
  const program = useProgramView(programId);
  // The program's own client (or until the program has loaded): the plain Replicate
  // (docs/product/programs-and-exercises.md#replicate).
  return (
    <ProgramFormLibraryProvider>
      {!program.data || String(program.data.client.id) === clientId ? (
        <LoadedProgramForm mode="replicate" />
      ) : (
        <CopyProgramForm clientId={clientId} />
      )}
    </ProgramFormLibraryProvider>
  );
}
