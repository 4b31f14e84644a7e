import './offline-status.css';
import { CheckCircleFill, CloudArrowUp, ExclamationTriangleFill } from 'react-bootstrap-icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { loadOutbox } from '../../../lib/offline/outbox-loader';
import { useOfflineSender } from '../hooks/use-offline-sender';
import { useOutboxStatus } from '../hooks/use-outbox-status';

/**
 * Feedback kept on this phone (docs/product/session.md#offline-feedback): sends it (see useOfflineSender) and says,
 * politely, how many wait, that they are being sent, or that all went; a save the server turned down stays shown
 * until the client taps OK. The refusals' region is a plain assertive live region, not role=alert, so a page's own
 * alert stays the only one. Loaded after the first bundle (offline-status.tsx), default export for React.lazy.
 */
export default function OfflineStatusLines({ userId }: { userId: number }) {
  useOfflineSender(userId);
  const { waiting, sending, allSent, refused } = useOutboxStatus(userId);
  const { t } = useLingui();

  let text: string | null = null;
  if (sending) text = t`Sending…`;
  else if (waiting > 0)
    text = t`${plural(waiting, { one: '# item waiting to be sent.', other: '# items waiting to be sent.' })}`;
  else if (allSent) text = t`All sent.`;
  const Icon = !sending && waiting === 0 && allSent ? CheckCircleFill : CloudArrowUp;

  return (
    <div className="container">
      <div role="status">
        {text ? (
          <p className="offline-status-text">
            <Icon aria-hidden="true" size={22} />
            {text}
          </p>
        ) : null}
      </div>
      <div aria-live="assertive">
        {refused.map((entry) => (
          <div key={entry.key} className="offline-status-refused">
            <ExclamationTriangleFill aria-hidden="true" size={22} />
            <p id={`refused-${entry.key}`}>{entry.refused}</p>
            <button
              type="button"
              aria-describedby={`refused-${entry.key}`}
              className="btn btn-outline-secondary"
              onClick={() =>
                void loadOutbox()
                  .then((outbox) => outbox.dismissRefused(entry.key))
                  .catch(() => undefined)
              }
            >
              <Trans>OK</Trans>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
