import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADHERENCE_WEEKS_DEFAULT, type TClientProgress } from '@hep/shared/schemas/adherence';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** Under the program's keys, so that a program save or delete also refreshes it. */
export const clientProgressKey = (clientId: string, weeks: number) =>
  [...programKeys.all, 'client-progress', clientId, weeks] as const;

/** GET /users/clients/{id}/progress/?weeks=: each week's adherence, effort and pain across the client's exercises. */
export function getClientProgress(
  clientId: string,
  weeks: number,
  signal?: AbortSignal,
): Promise<TClientProgress> {
  return apiFetch<TClientProgress>(
    `/users/clients/${encodeURIComponent(clientId)}/progress/?weeks=${weeks}`,
    { signal },
  );
}

export function clientProgressQueryOptions(clientId: string, weeks = ADHERENCE_WEEKS_DEFAULT) {
  return queryOptions({
    queryKey: clientProgressKey(clientId, weeks),
    queryFn: ({ signal }) => getClientProgress(clientId, weeks, signal),
  });
}

export function useClientProgress(clientId: string) {
  return useQuery(clientProgressQueryOptions(clientId));
}
