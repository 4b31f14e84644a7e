import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';
import { CreateClientForm } from '../../../features/clients/components/create-client-form';

/** /client/create. */
export function CreateClientPage() {
  const { t } = useLingui();
  return (
    <section className="page-narrow">
      <PageTitle title={t`Create Client`} />
      <div className="card">
        <div className="card-body">
          <p className="text-body-secondary">
            <Trans>
              The client receives an email with a link to set their password and activate their account.
            </Trans>
          </p>
          <CreateClientForm />
        </div>
      </div>
      <p className="mt-3">
        <Link to="/clients" className="back-link">
          <Trans>Back to Clients</Trans>
        </Link>
      </p>
    </section>
  );
}
