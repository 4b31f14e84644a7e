import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgramListItem } from '@hep/shared/schemas/programs';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** GET /programs/?client=: the client's programs, drafts included (the care team's view), with last-7-days rates. */
export function getClientPrograms(clientId: number | string): Promise<TProgramListItem[]> {
  return apiFetch<TProgramListItem[]>(`/programs/?client=${encodeURIComponent(String(clientId))}`);
}

export function clientProgramsQueryOptions(clientId: number | string) {
  return queryOptions({
    queryKey: programKeys.forClient(clientId),
    queryFn: () => getClientPrograms(clientId),
  });
}

export function useClientPrograms(clientId: number | string) {
  return useQuery(clientProgramsQueryOptions(clientId));
}
