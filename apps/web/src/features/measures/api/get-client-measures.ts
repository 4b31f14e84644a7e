import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TMeasureAssignment } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';

export const clientMeasuresKey = (clientId: number | string) =>
  ['measures', 'client', String(clientId)] as const;

/** GET /clients/{client_id}/measures/: the assignments with next_due and their results. */
export const getClientMeasures = (clientId: number | string) =>
  apiFetch<TMeasureAssignment[]>(`/clients/${encodeURIComponent(String(clientId))}/measures/`);

export function useClientMeasures(clientId: number | string) {
  return useQuery(
    queryOptions({ queryKey: clientMeasuresKey(clientId), queryFn: () => getClientMeasures(clientId) }),
  );
}
