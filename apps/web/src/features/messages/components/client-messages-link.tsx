import { Link } from 'react-router';
import { ChatDots } from 'react-bootstrap-icons';
import { Trans } from '@lingui/react/macro';
import { useUnreadMessages } from '../api/get-unread';

/** The client page's way into the conversation, with its unread count (docs/product/messages.md#web). */
export function ClientMessagesLink({ clientId }: { clientId: number }) {
  const unread = useUnreadMessages();
  const count = unread.data?.by_client.find((c) => c.client_id === clientId)?.count ?? 0;
  return (
    <p className="mb-4">
      <Link
        to={`/client/${clientId}/messages`}
        className="btn btn-outline-primary d-inline-flex align-items-center gap-2"
      >
        <ChatDots aria-hidden="true" />
        <Trans>Messages</Trans>
        {count > 0 ? (
          <>
            <span className="badge rounded-pill text-bg-danger">{count}</span>
            <span className="visually-hidden">
              <Trans>unread</Trans>
            </span>
          </>
        ) : null}
      </Link>
    </p>
  );
}
