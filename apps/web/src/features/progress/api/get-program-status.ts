import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TStatusMap } from '@hep/shared/schemas/status';
import { apiFetch } from '../../../lib/api-client';
import { programKeys } from '../../../lib/program-keys';

/** Under the program's keys, so that a program save or delete also refreshes its calendar. */
export const programMonthStatusKey = (programId: number, month: string) =>
  [...programKeys.all, 'month-status', String(programId), month] as const;

/** GET /programs/{id}/status/?month=YYYY-MM: `{ "yyyy-MM-dd": status }` for every day of the month. */
export function getProgramMonthStatus(programId: number, month: string): Promise<TStatusMap> {
  return apiFetch<TStatusMap>(`/programs/${programId}/status/?month=${encodeURIComponent(month)}`);
}

export function programMonthStatusQueryOptions(programId: number, month: string) {
  return queryOptions({
    queryKey: programMonthStatusKey(programId, month),
    queryFn: () => getProgramMonthStatus(programId, month),
  });
}

export function useProgramMonthStatus(programId: number, month: string, enabled: boolean) {
  // The previous month's days stay on screen (without their icons) while the next month loads.
  return useQuery({
    ...programMonthStatusQueryOptions(programId, month),
    enabled,
    placeholderData: keepPreviousData,
  });
}
