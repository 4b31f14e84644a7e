import { Link } from 'react-router';
import { PersonPlusFill } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { PageTitle } from '../../../components/ui/page-title';
import { AttentionSection } from '../../../features/attention/components/attention-section';
import { useAttentionSettled } from '../../../features/attention/hooks/use-attention-settled';
import { ClientList } from '../../../features/clients/components/client-list';
import { useUnreadMessages } from '../../../features/messages/api/get-unread';
import { useSession } from '../../../lib/session';

/** /clients: the therapist's home. Loaded with the first bundle, so it stays small. */
export function ClientsPage() {
  const attentionSettled = useAttentionSettled();
  const { t } = useLingui();
  // Staff do not read messages: only a therapist's list has counts.
  const unread = useUnreadMessages(useSession().user?.is_therapist === true);
  const unreadOf = (clientId: number) =>
    unread.data?.by_client.find((c) => c.client_id === clientId)?.count ?? 0;

  return (
    <section className="page-narrow">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-4">
        <PageTitle title={t`Clients`} className="h2 mb-0" />
        <Link className="btn btn-primary" to="/client/create">
          <PersonPlusFill aria-hidden="true" size={20} />
          <Trans>Add Client</Trans>
        </Link>
      </div>
      <AttentionSection />
      {/* Hidden (not removed: its search starts now) until Needs attention has its height, so that no row moves. */}
      <div className={attentionSettled ? undefined : 'invisible'}>
        <h2 className="visually-hidden">
          <Trans>All clients</Trans>
        </h2>
        <ClientList unreadOf={unreadOf} />
      </div>
    </section>
  );
}
