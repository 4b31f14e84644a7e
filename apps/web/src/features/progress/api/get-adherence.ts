import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADHERENCE_WEEKS_DEFAULT, type TAdherence } from '@hep/shared/schemas/adherence';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** Under the program's keys, so that a program save or delete also refreshes it. */
export const programAdherenceKey = (programId: number, weeks: number) =>
  [...programKeys.all, 'adherence', String(programId), weeks] as const;

/** GET /programs/{id}/adherence/?weeks=: the weekly rates (oldest first) and the last 7 and 28 days. */
export function getProgramAdherence(
  programId: number,
  weeks: number,
  signal?: AbortSignal,
): Promise<TAdherence> {
  return apiFetch<TAdherence>(`/programs/${programId}/adherence/?weeks=${weeks}`, { signal });
}

export function programAdherenceQueryOptions(programId: number, weeks = ADHERENCE_WEEKS_DEFAULT) {
  return queryOptions({
    queryKey: programAdherenceKey(programId, weeks),
    queryFn: ({ signal }) => getProgramAdherence(programId, weeks, signal),
  });
}

export function useProgramAdherence(programId: number, enabled = true) {
  return useQuery({ ...programAdherenceQueryOptions(programId), enabled });
}
