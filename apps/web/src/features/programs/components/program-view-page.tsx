import './view/program-view.css';
import { useCallback } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useParams } from 'react-router';
import { roleOf } from '@hep/shared/domain/roles';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { useSession } from '../../../lib/session';
import { useProgramView } from '../api/get-program-view';
import { ClientProgramView } from './view/client-program-view';
import { TherapistProgramView } from './view/therapist-program-view';
import { useViewDate } from './view/use-view-date';

/** Signed media URLs live an hour; a failing one older than this is most likely expired, so fetch fresh ones. */
const MEDIA_REFRESH_AFTER_MS = 5 * 60_000;

/** /program/:programId?date=yyyy-MM-dd: the care team's view (therapists, staff) or the client's exercise day. */
export function ProgramViewPage() {
  const { programId = '' } = useParams();
  const date = useViewDate();
  const { user } = useSession();
  const program = useProgramView(programId);
  const careTeam = user !== null && roleOf(user) !== 'client';

  const { dataUpdatedAt, refetch, isFetching } = program;
  const onMediaError = useCallback(() => {
    if (!isFetching && Date.now() - dataUpdatedAt > MEDIA_REFRESH_AFTER_MS) void refetch();
  }, [dataUpdatedAt, isFetching, refetch]);

  return (
    <section className={careTeam ? 'program-view' : 'program-view program-view-client'}>
      {program.isPending ? (
        <>
          <title>{`Program | ${MESSAGES.appName}`}</title>
          <LoadingText text={MESSAGES.programLoading} />
        </>
      ) : null}
      {program.isError ? (
        <>
          <title>{`Program | ${MESSAGES.appName}`}</title>
          <Alert variant="danger">{MESSAGES.programLoadFailed}</Alert>
        </>
      ) : null}
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
