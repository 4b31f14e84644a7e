import type { LoaderFunctionArgs } from 'react-router';
import { isCareTeamRole } from '@hep/shared/domain/roles';
import { loadProgram } from '../../../features/programs/api/get-program-view';
import { programAdherenceQueryOptions } from '../../../features/progress/api/get-adherence';
import { queryClient } from '../../../lib/query-client';
import { whenSessionReady } from '../../../lib/session';

/**
 * Route loader of /program/:programId: the program and, for the care team, its weekly adherence, fetched together,
 * so that the adherence chart near the top is in place when the page paints and nothing below it moves.
 */
export async function loadProgramView(args: LoaderFunctionArgs): Promise<null> {
  const { user } = await whenSessionReady();
  const programId = Number(args.params.programId);
  const careTeam = user !== null && isCareTeamRole(user);
  await Promise.all([
    loadProgram(args),
    careTeam && Number.isInteger(programId)
      ? queryClient.prefetchQuery(programAdherenceQueryOptions(programId))
      : null,
  ]);
  return null;
}
