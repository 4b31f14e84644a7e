import { useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { EditClientForm } from '../../../features/clients/components/edit-client-form';

/** /client/edit/:clientId. */
export function EditClientPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  return (
    <LoadedPage
      title="Edit Client"
      query={client}
      failedText={MESSAGES.clientLoadFailed}
      card
      back={{ to: `/client/${clientId}`, label: 'Back to Client' }}
    >
      {(data) => <EditClientForm key={data.id} client={data} />}
    </LoadedPage>
  );
}
