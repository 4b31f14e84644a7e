import { Link } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title';
import { CreateClientForm } from '../../../features/clients/components/create-client-form';

/** /client/create. */
export function CreateClientPage() {
  return (
    <section className="page-narrow">
      <PageTitle title="Create Client" />
      <div className="card">
        <div className="card-body">
          <p className="text-body-secondary">
            The client receives an email with a link to set their password and activate their account.
          </p>
          <CreateClientForm />
        </div>
      </div>
      <p className="mt-3">
        <Link to="/clients" className="back-link">
          Back to Clients
        </Link>
      </p>
    </section>
  );
}
