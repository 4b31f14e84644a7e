import { queryOptions, useQuery } from '@tanstack/react-query';
import { addDays, weekStart } from '@hep/shared/domain/day-status';
import type { TStatusMap } from '@hep/shared/schemas/status';
import { apiFetch } from '../../../lib/api-client';

/** GET /programs/{id}/status/?start_date=&end_date=: the program's day statuses for one week (Monday first). */
export function getWeekStatus(programId: number, start: string): Promise<TStatusMap> {
  const query = new URLSearchParams({ start_date: start, end_date: addDays(start, 6) });
  return apiFetch<TStatusMap>(`/programs/${programId}/status/?${query}`);
}

export function weekStatusQueryOptions(programId: number, date: string) {
  const start = weekStart(date);
  return queryOptions({
    queryKey: ['session', 'week-status', programId, start] as const,
    queryFn: () => getWeekStatus(programId, start),
    // Asked when All done shows, after the day's saves: a status cached before them would miss today.
    staleTime: 0,
  });
}

/** The week of `date` for the All done screen; `enabled` false asks nothing. */
export function useWeekStatus(programId: number, date: string, enabled = true) {
  return useQuery({ ...weekStatusQueryOptions(programId, date), enabled });
}
