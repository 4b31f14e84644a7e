import type { LoaderFunctionArgs } from 'react-router';
import { isCareTeamRole } from '@hep/shared/domain/roles';
import { clientDetailsQueryOptions } from '../../../features/clients/api/get-client-details';
import { clientProgramsQueryOptions } from '../../../features/programs/api/get-client-programs';
import { clientProgressQueryOptions } from '../../../features/progress/api/get-client-progress';
import { queryClient } from '../../../lib/query-client';
import { whenSessionReady } from '../../../lib/session';

/**
 * Route loader of /client/:clientId: the client's details, programs and progress fetched together while the page's
 * code loads, so that the page paints once with its chart in place. Errors are left to the page (prefetch never throws).
 */
export async function loadClient({ params }: LoaderFunctionArgs): Promise<null> {
  const { user } = await whenSessionReady();
  const { clientId } = params;
  if (!user || !isCareTeamRole(user) || !clientId) return null;
  await Promise.all([
    queryClient.prefetchQuery(clientDetailsQueryOptions(clientId)),
    queryClient.prefetchQuery(clientProgramsQueryOptions(clientId)),
    queryClient.prefetchQuery(clientProgressQueryOptions(clientId)),
  ]);
  return null;
}
