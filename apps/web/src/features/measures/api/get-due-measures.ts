import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDueMeasure } from '@hep/shared/schemas/measures';
import { apiFetch } from '../../../lib/api-client';

export const dueMeasuresKey = ['measures', 'due'] as const;

/** GET /measures/due/: the client's questionnaires due today or overdue. */
export const getDueMeasures = () => apiFetch<TDueMeasure[]>('/measures/due/');

export function useDueMeasures() {
  return useQuery(queryOptions({ queryKey: dueMeasuresKey, queryFn: getDueMeasures }));
}
