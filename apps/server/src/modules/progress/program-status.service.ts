import {
  dateInZone,
  datesBetween,
  dayStatus,
  isPrescribedOn,
  monthRange,
  type TSchedule,
} from '@hep/shared/domain/day-status';
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

const scheduleOf = (row: StatusProgramRow): TSchedule => ({
  startDate: row.start_date,
  endDate: row.end_date,
  daysOfWeek: row.days_of_week as TWeekday[],
});

/**
 * The status of every day of `range` for each program, from the counts its one statement brought. A draft
 * prescribes nothing to its client, so all its days are not-prescribed (docs/decisions/007-day-status-edge-cases.md).
 * "Today" is each client's own today in their notification time zone, at the app's clock.
 */
function statusMapOf(ctx: AppContext, row: StatusProgramRow, range: DateRange): TStatusMap {
  const today = dateInZone(ctx.now(), row.client_timezone);
  const schedule = scheduleOf(row);
  const map: TStatusMap = {};
  for (const date of datesBetween(range.start, range.end)) {
    const prescribed = !row.is_draft && isPrescribedOn(schedule, date);
    const done = row.done?.[date] ?? 0;
    map[date] = dayStatus({ prescribed, exerciseCount: row.exercise_count, done, date, today });
  }
  return map;
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
  const range = query.month ? monthRange(query.month) : { start: query.start_date!, end: query.end_date! };
  const [row] = await findStatusProgram(ctx.db, {
    ...auditedCallerValues(caller, meta, ctx.now()),
    id,
    ...range,
  });
  if (!row) throw notFound();
  return statusMapOf(ctx, row, range);
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
  return Object.fromEntries(rows.map((row) => [row.id, statusMapOf(ctx, row, range)]));
}
