import '../../../features/programs/components/view/program-view.css';
import { Link } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
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
  const viewHref = `/program/${encodeURIComponent(programId)}?date=${date}`;

  if (careTeam) {
    return (
      <section className="page-narrow">
        <title>{`Program | ${MESSAGES.appName}`}</title>
        <h1 className="h2 mb-4">Exercise session</h1>
        <PlainAlert variant="info" role="status">
          This page is for the client, to do their exercises one at a time.
        </PlainAlert>
        <Link to={viewHref} className="btn btn-primary">
          Open the program
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
