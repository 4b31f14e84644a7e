import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProgram } from '@hep/shared/schemas/programs';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** The last instant of a `yyyy-MM-dd` day in the browser's zone, as ISO 8601 UTC. */
export function endOfDayInstant(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

/** GET /programs/{id}/historical/?datetime=: the program as published at the end of that day. */
export function getHistoricalProgram(programId: number, date: string): Promise<TProgram> {
  const datetime = encodeURIComponent(endOfDayInstant(date));
  return apiFetch<TProgram>(`/programs/${programId}/historical/?datetime=${datetime}`);
}

export function historicalProgramQueryOptions(programId: number, date: string) {
  return queryOptions({
    queryKey: [...programKeys.all, 'historical', String(programId), date] as const,
    queryFn: () => getHistoricalProgram(programId, date),
  });
}

export function useHistoricalProgram(programId: number, date: string, enabled: boolean) {
  return useQuery({ ...historicalProgramQueryOptions(programId, date), enabled });
}
