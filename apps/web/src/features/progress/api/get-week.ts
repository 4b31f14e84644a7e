import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TBatchStatus } from '@hep/shared/schemas/status';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

// The weekly list takes two calls whatever the number of programs: the programs overlapping the week, and every
// program's day statuses for the week in one answer (docs/product/api-conventions.md#settled-responses).

function rangeQuery(start: string, end: string): string {
  return `start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`;
}

/** Under programKeys.all, so that saving or deleting a program refreshes the week too. */
export const weekKeys = {
  programs: (start: string, end: string) => [...programKeys.all, 'week', start, end] as const,
  statuses: (start: string, end: string) => [...programKeys.all, 'week-status', start, end] as const,
};

/** GET /programs/?start_date=&end_date=: published programs whose dates overlap the range. */
export function getWeekPrograms(start: string, end: string): Promise<TProgram[]> {
  return apiFetch<TProgram[]>(`/programs/?${rangeQuery(start, end)}`);
}

/** GET /programs/status/?start_date=&end_date=: `{ programId: { date: status } }`. */
export function getWeekStatuses(start: string, end: string): Promise<TBatchStatus> {
  return apiFetch<TBatchStatus>(`/programs/status/?${rangeQuery(start, end)}`);
}

export function weekProgramsQueryOptions(start: string, end: string) {
  return queryOptions({
    queryKey: weekKeys.programs(start, end),
    queryFn: () => getWeekPrograms(start, end),
  });
}

export function weekStatusesQueryOptions(start: string, end: string) {
  return queryOptions({
    queryKey: weekKeys.statuses(start, end),
    queryFn: () => getWeekStatuses(start, end),
    // Coming back from doing a day must show it done, not the status cached before.
    staleTime: 0,
  });
}

/** Both calls of a week, as one loading/error state. */
export function useWeek(start: string, end: string) {
  const programs = useQuery(weekProgramsQueryOptions(start, end));
  const statuses = useQuery(weekStatusesQueryOptions(start, end));
  return {
    isPending: programs.isPending || statuses.isPending,
    isError: programs.isError || statuses.isError,
    programs: programs.data,
    statuses: statuses.data,
  };
}
