import '../../../features/programs/components/view/program-view.css';
import { ProgramLoadState } from '../../../features/programs/components/program-load-state';
import { ClientProgramView } from './client-program-view';
import { TherapistProgramView } from './therapist-program-view';
import { useProgramPage } from './use-program-page';

/** /program/:programId?date=yyyy-MM-dd: the care team's view (therapists, staff) or the client's exercise day. */
export function ProgramViewPage() {
  const { date, program, onMediaError, careTeam } = useProgramPage();

  return (
    <section className={careTeam ? 'program-view' : 'program-view program-view-client'}>
      <ProgramLoadState query={program} title />
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
