import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { LoadedProgramForm } from '../../../features/programs/components/loaded-program-form';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { ProgramForm } from '../../../features/programs/components/program-form';
import { ProgramFormFrame } from '../../../features/programs/components/program-form-frame';
import { programToFormValues } from '../../../features/programs/components/program-form-values';
import { todayIso } from '../../../lib/calendar-date';
import { ProgramFormLibraryProvider } from '../library/program-form-library';

/**
 * Copy to another client (docs/product/library-and-templates.md#copy-to-another-client): the Replicate form filled
 * from the program, saved for the client in the path. Each exercise names its source, so its media come along by
 * reference.
 */
function CopyProgramForm({ clientId, programId }: { clientId: string; programId: string }) {
  const client = useClientDetails(clientId);
  const program = useProgramView(programId);
  return (
    <ProgramFormFrame title="Replicate Program" client={client.data ?? null}>
      {client.isPending || program.isPending ? <LoadingText text={MESSAGES.programLoading} /> : null}
      {client.isError ? <Alert variant="danger">{MESSAGES.clientLoadFailed}</Alert> : null}
      {program.isError ? <Alert variant="danger">{MESSAGES.programLoadFailed}</Alert> : null}
      {client.data && program.data ? (
        <ProgramForm
          key={`${client.data.id}-${program.data.id}`}
          mode="replicate"
          clientId={client.data.id}
          defaultValues={programToFormValues(program.data, 'replicate', todayIso())}
        />
      ) : null}
    </ProgramFormFrame>
  );
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
        <CopyProgramForm clientId={clientId} programId={programId} />
      )}
    </ProgramFormLibraryProvider>
  );
}
