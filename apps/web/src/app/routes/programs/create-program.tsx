import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { ProgramForm } from '../../../features/programs/components/program-form';
import { ProgramFormFrame } from '../../../features/programs/components/program-form-frame';
import { todayIso } from '../../../lib/calendar-date';
import { emptyProgramValues } from '../../../features/programs/components/program-form-values';

/** /program/add/:clientId. */
export function CreateProgramPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  return (
    <ProgramFormFrame title="Create Program" client={client.data ?? null}>
      {client.isPending ? <LoadingText /> : null}
      {client.isError ? <Alert variant="danger">{MESSAGES.clientLoadFailed}</Alert> : null}
      {client.data ? (
        <ProgramForm
          key={client.data.id}
          mode="create"
          clientId={client.data.id}
          defaultValues={emptyProgramValues(todayIso())}
        />
      ) : null}
    </ProgramFormFrame>
  );
}
