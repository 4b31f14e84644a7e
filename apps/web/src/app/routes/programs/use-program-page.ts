import { useParams } from 'react-router';
import { isCareTeamRole } from '@hep/shared/domain/roles';
import { useProgramView } from '../../../features/programs/api/get-program-view';
import { useViewDate } from '../../../features/programs/components/view/use-view-date';
import { useSession } from '../../../lib/session';
import { useMediaRefresh } from '../../../lib/use-media-refresh';

/**
 * What the pages of one program's day read (/program/:programId and its session): the program, the day of `?date=`,
 * whether the caller is of the care team, and the refresh of its media URLs when one has expired.
 */
export function useProgramPage() {
  const { programId = '' } = useParams();
  const date = useViewDate();
  const { user } = useSession();
  const program = useProgramView(programId);
  const onMediaError = useMediaRefresh(program);
  return { programId, date, program, onMediaError, careTeam: user !== null && isCareTeamRole(user) };
}
