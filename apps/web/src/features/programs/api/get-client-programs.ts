import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgram } from '@hep/shared/schemas/programs';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from './program-keys';

/** GET /programs/?client=: the client's programs, drafts included (the care team's view). */
export function getClientPrograms(clientId: number | string): Promise<TProgram[]> {
  return apiFetch<TProgram[]>(`/programs/?client=${encodeURIComponent(String(clientId))}`);
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
