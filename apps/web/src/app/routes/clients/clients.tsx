import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useNavigate } from 'react-router';
import { PersonPlusFill } from 'react-bootstrap-icons';
import { PageTitle } from '../../../components/ui/page-title';
import { AttentionSection } from '../../../features/attention/components/attention-section';
import { useAttentionSettled } from '../../../features/attention/hooks/use-attention-settled';
import { ClientList } from '../../../features/clients/components/client-list';
import type { TClientsPageState } from '../../../features/clients/components/create-client-form';

function readMessage(state: unknown): string | null {
  const message = (state as TClientsPageState | null)?.message;
  return typeof message === 'string' ? message : null;
}

/** /clients: the therapist's home. Loaded with the first bundle, so it stays small. */
export function ClientsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState(() => readMessage(location.state));
  const attentionSettled = useAttentionSettled();

  // Show the message once: going back to this entry later must not repeat it.
  const hasState = location.state != null;
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, navigate, location.pathname]);

  return (
    <section className="page-narrow">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <PageTitle title="Clients" className="h2 mb-0" />
        <Link className="btn btn-primary" to="/client/create">
          <PersonPlusFill aria-hidden="true" size={20} />
          Add Client
        </Link>
      </div>
      {message ? (
        <Alert variant="success" role="status" dismissible onClose={() => setMessage(null)}>
          {message}
        </Alert>
      ) : null}
      <AttentionSection />
      {/* Hidden (not removed: its search starts now) until Needs attention has its height, so that no row moves. */}
      <div className={attentionSettled ? undefined : 'invisible'}>
        <h2 className="visually-hidden">All clients</h2>
        <ClientList />
      </div>
    </section>
  );
}
