import type { TProgram } from '@hep/shared/schemas/programs';
import { todayIso } from '../../../lib/calendar-date';
import { useHistoricalProgram } from '../api/get-historical-program';
import { useLogFailure } from '../../../lib/use-log-failure';

export interface ClientDayProgram {
  /** The program as prescribed that day; null while it loads. */
  program: TProgram | null;
  /** The day is before the client's today. */
  past: boolean;
}

/**
 * The program a client sees for a day: a past day shows the program as it was published then (its exercises and
 * schedule may have changed since), today and later days the current one. When the history cannot be loaded the
 * current program stands in, and the failure is logged.
 */
export function useClientDayProgram(current: TProgram, date: string): ClientDayProgram {
  const past = date < todayIso();
  const historical = useHistoricalProgram(current.id, date, past);
  useLogFailure(historical.error, 'Failed to load the program as prescribed on the day viewed');
  if (!past) return { program: current, past };
  if (historical.isPending) return { program: null, past };
  return { program: historical.data ?? current, past };
}
