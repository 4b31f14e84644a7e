import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { ClientCarers } from '../../../features/carers/components/client-carers';
import { ClientHeader } from '../../../features/clients/components/client-header';
import type { TClientPageState } from '../../../features/clients/components/create-client-form';
import { ClientMeasures } from '../../../features/measures/components/client-measures';
import { ClientMessagesLink } from '../../../features/messages/components/client-messages-link';
import { ClientPrograms } from '../../../features/programs/components/client-programs/client-programs';
import { useClientProgress } from '../../../features/progress/api/get-client-progress';
import { ClientProgressChart } from '../../../features/progress/components/client-progress-chart';
import { useProgramShareDialogs } from '../../../features/templates/components/program-share-dialogs';
import { useLogFailure } from '../../../lib/use-log-failure';

function wasJustCreated(state: unknown): boolean {
  return (state as TClientPageState | null)?.created === true;
}

/**
 * /client/:clientId: the client's name, their details and new-program buttons, the chart of how they are doing,
 * their program cards, their outcome measures and their carers. Arriving from Create Client it says so and focuses + Add Program, the next step. Another
 * client's page is a new page (its own message, dialogs and focus), not this one with other data.
 */
export function ClientDetailPage() {
  const { clientId = '' } = useParams();
  return <ClientDetail key={clientId} clientId={clientId} />;
}

function ClientDetail({ clientId }: { clientId: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [created, setCreated] = useState(() => wasJustCreated(location.state));
  const client = useClientDetails(clientId);
  const progress = useClientProgress(clientId);
  useLogFailure(progress.error, 'Failed to load the client progress');
  const share = useProgramShareDialogs();
  const { t } = useLingui();

  // Say it once: going back to this entry later must not repeat it.
  const hasState = location.state != null;
  useEffect(() => {
    if (hasState) void navigate(location.pathname, { replace: true, state: null });
  }, [hasState, navigate, location.pathname]);

  // The chart waits with the header, so that it never pushes the program cards down once they are shown.
  if (client.isPending || progress.isPending) return <LoadingText />;
  if (client.isError) {
    return (
      <section className="page-narrow">
        <title>{t`Client | Home Exercise Program`}</title>
        <Alert variant="danger">
          <Trans>Failed to fetch client details</Trans>
        </Alert>
        <Link to="/clients" className="back-link">
          <Trans>Back to Clients</Trans>
        </Link>
      </section>
    );
  }

  return (
    <section className="page-narrow">
      {created ? (
        <Alert variant="success" role="status" dismissible onClose={() => setCreated(false)}>
          <Trans>Client created successfully!</Trans>
        </Alert>
      ) : null}
      <ClientHeader client={client.data} focusAddProgram={created} />
      <ClientMessagesLink clientId={Number(clientId)} />
      {progress.data ? (
        <ClientProgressChart
          progress={progress.data}
          clientName={`${client.data.first_name} ${client.data.last_name}`}
        />
      ) : null}
      <ClientPrograms clientId={clientId} moreActions={share.actions} />
      <ClientMeasures clientId={clientId} clientName={`${client.data.first_name} ${client.data.last_name}`} />
      <ClientCarers clientId={Number(clientId)} />
      {share.dialogs}
    </section>
  );
}
