import '../../../features/programs/components/view/program-view.css';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { ProgramLoadState } from '../../../features/programs/components/program-load-state';
import { ClientSession } from './client-session';
import { useProgramPage } from './use-program-page';

/**
 * /program/:programId/session?date=yyyy-MM-dd: the client doing the day's exercises one screen at a time
 * (docs/product/session.md#guided-session). The care team is pointed to the program view, as the server sends them no
 * client's session.
 */
export function ProgramSessionPage() {
  const { programId, date, program, onMediaError, careTeam } = useProgramPage();
  const { t } = useLingui();
  const viewHref = `/program/${encodeURIComponent(programId)}?date=${date}`;

  if (careTeam) {
    return (
      <section className="page-narrow">
        <title>{t`Program | Home Exercise Program`}</title>
        <h1 className="h2 mb-4">
          <Trans>Exercise session</Trans>
        </h1>
        <PlainAlert variant="info" role="status">
          <Trans>This page is for the client, to do their exercises one at a time.</Trans>
        </PlainAlert>
        <Link to={viewHref} className="btn btn-primary">
          <Trans>Open the program</Trans>
        </Link>
      </section>
    );
  }
  return (
    <section className="program-view program-view-client">
      <ProgramLoadState query={program} title />
      {program.data ? (
        <ClientSession program={program.data} date={date} viewHref={viewHref} onMediaError={onMediaError} />
      ) : null}
    </section>
  );
}
