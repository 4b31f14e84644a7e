import { Trans, useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../../components/ui/loading-text';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { intlLocale } from '../../../lib/intl-date';
import { useCarerAccessLog } from '../api/carer-links';
import { accessLine } from './carer-words';
import { CarersList } from './carers-list';

const whenOf = (iso: string) =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** What carers did with the client's record, newest first (the last 50). */
function AccessLog() {
  const { t } = useLingui();
  const log = useCarerAccessLog();
  if (log.isPending) return <LoadingText />;
  if (log.isError)
    return (
      <PlainAlert variant="danger">
        <Trans>The access log could not be loaded. Please try again.</Trans>
      </PlainAlert>
    );
  if (log.data.length === 0)
    return (
      <p>
        <Trans>No carer has opened your record yet.</Trans>
      </p>
    );
  return (
    <ul className="list-unstyled d-grid gap-2 mb-0" aria-label={t`Access log`}>
      {log.data.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          <span className="fw-semibold">{entry.carer.name}</span>: {accessLine(entry.action, entry.record)}
          <br />
          <time dateTime={entry.at} className="text-body-secondary">
            {whenOf(entry.at)}
          </time>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Who can help me" on a client's My Details (docs/product/carers.md#web): their carers, each with Remove, and the
 * access log.
 */
export function WhoCanHelpMe({ clientId }: { clientId: number }) {
  return (
    <section className="card" aria-labelledby="who-can-help-title">
      <div className="card-body">
        <h2 id="who-can-help-title" className="h4">
          <Trans>Who can help me</Trans>
        </h2>
        <p className="text-body-secondary">
          <Trans>Your care team can let a family member or friend help you with your exercises.</Trans>
        </p>
        <CarersList clientId={clientId} editable={false} />
        <h3 className="h5 mt-4">
          <Trans>Access log</Trans>
        </h3>
        <AccessLog />
      </div>
    </section>
  );
}
