import { isPrescribedOn } from '@hep/shared/domain/day-status';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { TProgram } from '@hep/shared/schemas/programs';
import { todayIso } from '../../../lib/calendar-date';
import { useHistoricalProgram } from '../api/get-historical-program';
import { useLogFailure } from '../../../lib/use-log-failure';

export interface ClientDayProgram {
  /** The program as prescribed that day; null while it loads. */
  program: TProgram | null;
  /** The day is before the client's today. */
  past: boolean;
  /** The program prescribes the day (false while it loads). */
  prescribed: boolean;
  /**
   * Why the day takes no feedback: not a prescribed day, or after the client's today (the server refuses dates after
   * tomorrow in UTC). Null when it does, and while the program loads.
   */
  notice: string | null;
}

const NOT_PRESCRIBED = msg`This program has no exercises prescribed on that date.`;
const FUTURE_DAY = msg`You can mark these exercises as done on the day.`;

function dayOf(
  program: TProgram | null,
  date: string,
  past: boolean,
  translate: (text: MessageDescriptor) => string,
): ClientDayProgram {
  const prescribed =
    program !== null &&
    isPrescribedOn(
      { startDate: program.start_date, endDate: program.end_date, daysOfWeek: program.days_of_week },
      date,
    );
  let notice: string | null = null;
  if (program && !prescribed) notice = translate(NOT_PRESCRIBED);
  else if (program && date > todayIso()) notice = translate(FUTURE_DAY);
  return { program, past, prescribed, notice };
}

/**
 * The program a client sees for a day: a past day shows the program as it was published then (its exercises and
 * schedule may have changed since), today and later days the current one. When the history cannot be loaded the
 * current program stands in, and the failure is logged.
 */
export function useClientDayProgram(current: TProgram, date: string): ClientDayProgram {
  const past = date < todayIso();
  const historical = useHistoricalProgram(current.id, date, past);
  const { t } = useLingui();
  useLogFailure(historical.error, 'Failed to load the program as prescribed on the day viewed');
  if (!past) return dayOf(current, date, past, t);
  if (historical.isPending) return dayOf(null, date, past, t);
  return dayOf(historical.data ?? current, date, past, t);
}
