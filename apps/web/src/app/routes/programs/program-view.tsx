import '../../../features/programs/components/view/program-view.css';
import { useParams } from 'react-router';
import { roleOf } from '@hep/shared/domain/roles';
import { useSession } from '../../../lib/session';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { ClientProgramView } from './client-program-view';
import { ProgramLoadState } from './program-load-state';
import { TherapistProgramView } from './therapist-program-view';
import { useViewDate } from '../../../features/programs/components/view/use-view-date';

/** /program/:programId?date=yyyy-MM-dd: the care team's view (therapists, staff) or the client's exercise day. */
export function ProgramViewPage() {
  const { programId = '' } = useParams();
  const date = useViewDate();
  const { user } = useSession();
  const program = useProgramView(programId);
  const careTeam = user !== null && roleOf(user) !== 'client';

  const onMediaError = useMediaRefresh(program);

  return (
    <section className={careTeam ? 'program-view' : 'program-view program-view-client'}>
      <ProgramLoadState query={program} />
      {program.data ? (
        careTeam ? (
          <TherapistProgramView program={program.data} date={date} onMediaError={onMediaError} />
        ) : (
          <ClientProgramView program={program.data} date={date} onMediaError={onMediaError} />
        )
      ) : null}
    </section>
  );
}
