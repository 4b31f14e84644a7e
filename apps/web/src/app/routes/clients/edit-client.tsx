import { useParams } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { LoadedPage } from '../../../components/ui/loaded-page';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { EditClientForm } from '../../../features/clients/components/edit-client-form';

/** /client/edit/:clientId. */
export function EditClientPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  const { t } = useLingui();
  return (
    <LoadedPage
      title={t`Edit Client`}
      query={client}
      failedText={t`Failed to load client details.`}
      card
      back={{ to: `/client/${clientId}`, label: t`Back to Client` }}
    >
      {(data) => <EditClientForm key={data.id} client={data} />}
    </LoadedPage>
  );
}
