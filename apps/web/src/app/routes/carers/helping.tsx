import { lazy, Suspense, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChatDots, ChevronRight } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TCarerClient } from '@hep/shared/schemas/carers';
import { LoadingText } from '../../../components/ui/loading-text';
import { PageTitle } from '../../../components/ui/page-title';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { useMyClients } from '../../../features/carers/api/my-clients';
import { CarerRemindersSwitch } from '../../../features/carers/components/carer-reminders-switch';
import { setHelpingClient, useHelpingClient } from '../../../features/carers/helping-client';
import { useUser } from '../../../features/users/api/get-user';
import { formatLongDate, todayIso } from '../../../lib/calendar-date';

const DueMeasures = lazy(() => import('../../../features/measures/components/due-measures'));
const noop = () => {};

/** The programs of the client being helped, each opening as the client sees it. */
function HelpedPrograms({ clientId }: { clientId: number }) {
  const client = useUser(String(clientId));
  if (client.isPending) return <LoadingText />;
  if (client.isError)
    return (
      <PlainAlert variant="danger">
        <Trans>Failed to fetch client details</Trans>
      </PlainAlert>
    );
  const programs = client.data.programs ?? [];
  if (programs.length === 0)
    return (
      <p>
        <Trans>No programs yet.</Trans>
      </p>
    );
  return (
    <ul className="list-unstyled d-grid gap-3" aria-labelledby="helped-programs-title">
      {programs.map((program) => {
        const from = program.start_date ? formatLongDate(program.start_date) : '';
        const to = program.end_date ? formatLongDate(program.end_date) : '';
        return (
          <li key={program.id}>
            <Link
              to={`/program/${program.id}`}
              className="card card-body text-decoration-none d-flex flex-row align-items-center gap-3"
            >
              <span className="flex-grow-1">
                <span className="d-block h5 mb-1">{program.name}</span>
                <span className="text-body-secondary">
                  {to ? (
                    <Trans>
                      {from} to {to}
                    </Trans>
                  ) : (
                    <Trans>From {from}</Trans>
                  )}
                </span>
              </span>
              <ChevronRight aria-hidden="true" className="flip-rtl" />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * /helping, a carer's home (docs/product/carers.md#web): with one client, that client's programs; with several, the
 * list to pick from first. The choice shows as "You are helping Sam." on every page after it.
 */
export function HelpingPage() {
  const { t } = useLingui();
  const clients = useMyClients();
  const helping = useHelpingClient();
  // A carer's reminder names the client it is about: it opens Helping with that client chosen.
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('client')) || undefined;
  const list: TCarerClient[] = clients.data ?? [];
  const chosen =
    list.find((c) => c.client.id === (asked ?? helping?.id)) ??
    list.find((c) => c.client.id === helping?.id) ??
    (list.length === 1 ? list[0] : undefined);

  // One client is chosen without asking; a choice whose link has ended is dropped.
  useEffect(() => {
    if (!clients.isSuccess) return;
    if (chosen && chosen.client.id !== helping?.id)
      setHelpingClient({ id: chosen.client.id, firstName: chosen.client.first_name });
    else if (!chosen && helping) setHelpingClient(null);
  }, [clients.isSuccess, chosen, helping]);

  if (clients.isPending) return <LoadingText />;
  if (clients.isError)
    return (
      <section className="page-narrow">
        <PageTitle title={t`People you help`} />
        <PlainAlert variant="danger">
          <Trans>Failed to load the people you help. Please try again.</Trans>
        </PlainAlert>
      </section>
    );
  if (list.length === 0)
    return (
      <section className="page-narrow">
        <PageTitle title={t`People you help`} />
        <p>
          <Trans>
            You are not helping anyone at the moment. A care team adds you when a client needs your help.
          </Trans>
        </p>
      </section>
    );
  if (!chosen)
    return (
      <section className="page-narrow">
        <PageTitle title={t`People you help`} />
        <p>
          <Trans>Choose whom you are helping now.</Trans>
        </p>
        <ul className="list-unstyled d-grid gap-3">
          {list.map((link) => {
            const name = `${link.client.first_name} ${link.client.last_name}`;
            return (
              <li key={link.link_id}>
                <button
                  type="button"
                  className="btn btn-outline-primary w-100 text-start d-flex justify-content-between align-items-center"
                  onClick={() => setHelpingClient({ id: link.client.id, firstName: link.client.first_name })}
                >
                  <span>
                    <Trans>Help {name}</Trans>
                  </span>
                  <ChevronRight aria-hidden="true" className="flip-rtl" />
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    );

  const name = `${chosen.client.first_name} ${chosen.client.last_name}`;
  return (
    <section className="page-narrow">
      <PageTitle title={t`${name}'s programs`} />
      {list.length > 1 ? (
        <button
          type="button"
          className="btn btn-link px-0 mb-3"
          onClick={() => {
            setHelpingClient(null);
            setParams({}, { replace: true });
          }}
        >
          <Trans>Help someone else</Trans>
        </button>
      ) : null}
      {chosen.access === 'full' ? (
        <Link
          to={`/messages?client=${chosen.client.id}`}
          className="btn btn-outline-primary mb-3 d-inline-flex align-items-center gap-2"
        >
          <ChatDots aria-hidden="true" />
          <Trans>Messages with the care team</Trans>
        </Link>
      ) : null}
      <h2 id="helped-programs-title" className="visually-hidden">
        <Trans>Programs</Trans>
      </h2>
      {chosen.access === 'view' ? null : (
        <Suspense fallback={null}>
          <DueMeasures today={todayIso()} onSettled={noop} clientId={chosen.client.id} />
        </Suspense>
      )}
      <HelpedPrograms clientId={chosen.client.id} />
      <CarerRemindersSwitch link={chosen} />
    </section>
  );
}
