import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { ClientHeader } from '../../../features/clients/components/client-header';
import { ClientPrograms } from '../../../features/programs/components/client-programs/client-programs';
import { useProgramShareDialogs } from '../../../features/templates/components/program-share-dialogs';

/** /client/:clientId: the client's name, their details and new-program buttons, and their program cards. */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  const share = useProgramShareDialogs();

  if (client.isPending) return <LoadingText />;
  if (client.isError) {
    return (
      <section className="page-narrow">
        <title>{`Client | ${MESSAGES.appName}`}</title>
        <Alert variant="danger">{MESSAGES.clientDetailFailed}</Alert>
        <Link to="/clients" className="back-link">
          Back to Clients
        </Link>
      </section>
    );
  }

  return (
    <section className="page-narrow">
      <ClientHeader client={client.data} />
      <ClientPrograms clientId={clientId} moreActions={share.actions} />
      {share.dialogs}
    </section>
  );
}
