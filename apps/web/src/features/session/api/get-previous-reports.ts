import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPreviousReport } from '@hep/shared/schemas/feedback';
import { apiFetch } from '../../../lib/api-client';

/** GET /feedback/previous/?program=&date=: each exercise's latest report before that day, in one call. */
export function getPreviousReports(programId: number, date: string): Promise<TPreviousReport[]> {
  const query = new URLSearchParams({ program: String(programId), date });
  return apiFetch<TPreviousReport[]>(`/feedback/previous/?${query}`);
}

export function previousReportsQueryOptions(programId: number, date: string) {
  return queryOptions({
    queryKey: ['session', 'previous-reports', programId, date] as const,
    queryFn: () => getPreviousReports(programId, date),
  });
}

export function usePreviousReports(programId: number, date: string, enabled = true) {
  return useQuery({ ...previousReportsQueryOptions(programId, date), enabled });
}
