import Alert from 'react-bootstrap/Alert';
import { Link, useParams } from 'react-router';
import { PencilSquare } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { useClientDetails } from '../../../lib/client-details-api';
import { ClientPrograms } from './client-programs';
import './clients.css';

/** /client/:clientId: the client's name, their details and new-program buttons, and their program cards. */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  const client = useClientDetails(clientId);

  if (client.isPending) return <LoadingText />;
  if (client.isError) {
    return (
      <section className="page-narrow">
        <title>{`Client | ${MESSAGES.appName}`}</title>
        <Alert variant="danger">{MESSAGES.clientDetailFailed}</Alert>
        <Link to="/clients">Back to Clients</Link>
      </section>
    );
  }

  return (
    <section className="page-narrow">
      <PageTitle
        title={`${client.data.last_name}, ${client.data.first_name}`}
        className="h2 mb-3 text-break"
      />
      <div className="d-grid gap-2 d-sm-flex mb-4">
        <Link className="btn btn-outline-primary" to={`/client/edit/${clientId}`}>
          <PencilSquare aria-hidden="true" />
          View/Edit Client Details
        </Link>
        <Link className="btn btn-primary" to={`/program/add/${clientId}`}>
          + Add Program
        </Link>
      </div>
      <ClientPrograms clientId={clientId} />
    </section>
  );
}
