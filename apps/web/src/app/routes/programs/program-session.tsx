import '../../../features/programs/components/view/program-view.css';
import { Link, useParams } from 'react-router';
import { roleOf } from '@hep/shared/domain/roles';
import { MESSAGES } from '@hep/shared/messages';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { useSession } from '../../../lib/session';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { useViewDate } from '../../../features/programs/components/view/use-view-date';
import { ClientSession } from './client-session';
import { ProgramLoadState } from './program-load-state';

/**
 * /program/:programId/session?date=yyyy-MM-dd: the client doing the day's exercises one screen at a time
 * (docs/product/session.md#guided-session). The care team is pointed to the program view, as the server sends them no
 * client's session.
 */
export function ProgramSessionPage() {
  const { programId = '' } = useParams();
  const date = useViewDate();
  const { user } = useSession();
  const careTeam = user !== null && roleOf(user) !== 'client';
  const program = useProgramView(programId);
  const onMediaError = useMediaRefresh(program);
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
      <ProgramLoadState query={program} />
      {program.data ? (
        <ClientSession program={program.data} date={date} viewHref={viewHref} onMediaError={onMediaError} />
      ) : null}
    </section>
  );
}
