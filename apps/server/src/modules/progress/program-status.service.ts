import {
  dateInZone,
  datesBetween,
  dayStatus,
  isPrescribedOn,
  monthRange,
  type TSchedule,
} from '@hep/shared/domain/day-status';
import { weekdayOf } from '@hep/shared/domain/weekdays';
import type { TWeekday } from '@hep/shared/domain/constants';
import type { TBatchStatus, TStatusMap } from '@hep/shared/schemas/status';
import type { AppContext, Caller } from '../../context';
import { notFound } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { auditedCallerValues } from '../programs/programs.access';
import { listKindOf } from '../programs/programs.service';
import {
  findBatchStatusPrograms,
  findStatusProgram,
  type StatusProgramRow,
} from './program-status.repository';

/** Both dates included, yyyy-MM-dd. */
interface DateRange {
  start: string;
  end: string;
}

/** A day of the asked range, with its weekday worked out once per request rather than once per program. */
interface RangeDay {
  date: string;
  weekday: TWeekday;
}

/** The last few ranges asked for, by start date and then end date (two lookups cost less than joining the dates). */
const recentRanges = new Map<string, Map<string, RangeDay[]>>();
const recentMonths = new Map<string, DateRange>();

/** A yyyy-MM month's first and last dates; the last few months asked for are kept, as their days are. */
function monthDates(month: string): DateRange {
  let range = recentMonths.get(month);
  if (!range) {
    range = monthRange(month);
    if (recentMonths.size >= 64) recentMonths.delete(recentMonths.keys().next().value!);
    recentMonths.set(month, range);
  }
  return range;
}

/** The range's days; the last few ranges asked for are kept, since every client's week or month asks the same. */
function rangeDays(range: DateRange): RangeDay[] {
  let byEnd = recentRanges.get(range.start);
  let days = byEnd?.get(range.end);
  if (!days) {
    days = datesBetween(range.start, range.end).map((date) => ({ date, weekday: weekdayOf(date) }));
    if (!byEnd) {
      if (recentRanges.size >= 64) recentRanges.delete(recentRanges.keys().next().value!);
      recentRanges.set(range.start, (byEnd = new Map()));
    }
    if (byEnd.size >= 64) byEnd.delete(byEnd.keys().next().value!);
    byEnd.set(range.end, days);
  }
  return days;
}

/**
 * The status of every day of the range for each program, from the counts its one statement brought. A draft
 * prescribes nothing to its client, so all its days are not-prescribed (docs/decisions/007-day-status-edge-cases.md).
 * "Today" is each client's own today in their notification time zone, at the app's clock, worked out once per zone.
 */
function statusMaps(ctx: AppContext, rows: StatusProgramRow[], range: DateRange): TStatusMap[] {
  const days = rangeDays(range);
  const now = ctx.now();
  const todays = new Map<string | null, string>();
  return rows.map((row) => {
    let today = todays.get(row.client_timezone);
    if (today === undefined) todays.set(row.client_timezone, (today = dateInZone(now, row.client_timezone)));
    const schedule: TSchedule = {
      startDate: row.start_date,
      endDate: row.end_date,
      daysOfWeek: row.days_of_week as TWeekday[],
    };
    const map: TStatusMap = {};
    for (const { date, weekday } of days) {
      const prescribed = !row.is_draft && isPrescribedOn(schedule, date, weekday);
      const done = row.done?.[date] ?? 0;
      map[date] = dayStatus({ prescribed, exerciseCount: row.exercise_count, done, date, today });
    }
    return map;
  });
}

/** GET /programs/{id}/status/: the program must be one the caller may view (else 404, like the program itself). */
export async function getProgramStatus(
  ctx: AppContext,
  caller: Caller,
  id: number,
  query: { month?: string | undefined; start_date?: string | undefined; end_date?: string | undefined },
  meta: RequestMeta,
): Promise<TStatusMap> {
  // The schema admits exactly one of a month or a full range.
  const range = query.month ? monthDates(query.month) : { start: query.start_date!, end: query.end_date! };
  const [row] = await findStatusProgram(ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    id,
    ...range,
  });
  if (!row) throw notFound();
  return statusMaps(ctx, [row], range)[0]!;
}

/** GET /programs/status/: every published program the caller sees whose dates overlap the range, in one call. */
export async function getBatchStatus(
  ctx: AppContext,
  caller: Caller,
  range: DateRange,
  meta: RequestMeta,
): Promise<TBatchStatus> {
  const rows = await findBatchStatusPrograms[listKindOf(caller)](ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    ...range,
  });
  const maps = statusMaps(ctx, rows, range);
  return Object.fromEntries(rows.map((row, i) => [row.id, maps[i]!]));
}
