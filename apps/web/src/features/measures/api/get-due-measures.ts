import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDueMeasure } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';

export const dueMeasuresKey = ['measures', 'due'] as const;

/**
 * GET /measures/due/: the questionnaires due today or overdue, the client's own or, for a carer, those of the client
 * they help (`clientId`).
 */
export const getDueMeasures = (clientId?: number) =>
  apiFetch<TDueMeasure[]>(clientId === undefined ? '/measures/due/' : `/measures/due/?client_id=${clientId}`);

export function useDueMeasures(clientId?: number) {
  return useQuery(
    queryOptions({
      queryKey: [...dueMeasuresKey, clientId ?? 'mine'],
      queryFn: () => getDueMeasures(clientId),
    }),
  );
}
