import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { useClientDetails } from '../../../features/clients/api/get-client-details';
import { Conversation } from '../../../features/messages/components/conversation';
import { useSession } from '../../../lib/session';

/** /messages: a client's conversation with their care team (docs/product/messages.md#web). */
export function MyMessagesPage() {
  const { user } = useSession();
  const { t } = useLingui();
  if (!user) return null;
  return (
    <section className="page-narrow">
      <PageTitle title={t`Messages`} />
      <Conversation clientId={user.id} userId={user.id} />
    </section>
  );
}

/** /client/:clientId/messages: the care team's side of a client's conversation. */
export function ClientMessagesPage() {
  const { clientId = '' } = useParams();
  const { user } = useSession();
  const { t } = useLingui();
  const client = useClientDetails(clientId);
  if (!user) return null;
  if (client.isPending) return <LoadingText />;
  if (client.isError)
    return (
      <section className="page-narrow">
        <PageTitle title={t`Messages`} />
        <PlainAlert variant="danger">
          <Trans>Failed to fetch client details</Trans>
        </PlainAlert>
      </section>
    );
  const name = `${client.data.first_name} ${client.data.last_name}`;
  return (
    <section className="page-narrow">
      <Link to={`/client/${clientId}`} className="back-link">
        <Trans>Back to {name}</Trans>
      </Link>
      <PageTitle title={t`Messages with ${name}`} />
      <Conversation clientId={Number(clientId)} userId={user.id} />
    </section>
  );
}
