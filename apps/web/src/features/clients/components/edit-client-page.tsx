import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useClientDetails } from '../../../lib/client-details-api';
import { EditClientForm } from './edit-client-form';

/** /client/edit/:clientId. */
export function EditClientPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);
  return (
    <section className="page-narrow">
      <PageTitle title="Edit Client" />
      {client.isPending ? <LoadingText /> : null}
      {client.isError ? <Alert variant="danger">{MESSAGES.clientLoadFailed}</Alert> : null}
      {client.data ? (
        <div className="card">
          <div className="card-body">
            <EditClientForm key={client.data.id} client={client.data} />
          </div>
        </div>
      ) : null}
      <p className="mt-3">
        <Link to={`/client/${clientId}`}>Back to Client</Link>
      </p>
    </section>
  );
}
