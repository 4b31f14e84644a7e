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
import type { RequestMeta } from '../../lib/request-meta';
import { countCurrentExercises, countDoneByProgramDate } from './program-status.repository';
import { findProgramRows, type DateRange, type ProgramRow } from './programs.repository';
import { auditPrograms, listScopeFilter, loadProgramInScope } from './programs.service';

const scheduleOf = (row: ProgramRow): TSchedule => ({
  startDate: row.program.startDate,
  endDate: row.program.endDate,
  daysOfWeek: row.program.daysOfWeek as TWeekday[],
});

/**
 * The status of every day of `range` for each program, with two queries however many programs and days. A draft
 * prescribes nothing to its client, so all its days are not-prescribed (docs/decisions/007). "Today" is each
 * client's own today in their notification time zone, at the app's clock.
 */
async function statusMapsOf(ctx: AppContext, rows: ProgramRow[], range: DateRange) {
  const dates = datesBetween(range.start, range.end);
  const schedules = new Map(rows.map((row) => [row.program.id, scheduleOf(row)]));
  const counted = rows
    .filter(
      (row) => !row.program.isDraft && dates.some((d) => isPrescribedOn(schedules.get(row.program.id)!, d)),
    )
    .map((row) => row.program.id);
  const [exerciseCounts, doneCounts] = await Promise.all([
    countCurrentExercises(ctx.db, counted),
    countDoneByProgramDate(ctx.db, counted, range),
  ]);
  const now = ctx.now();
  const maps = new Map<number, TStatusMap>();
  for (const row of rows) {
    const id = row.program.id;
    const today = dateInZone(now, row.clientTimezone);
    const schedule = schedules.get(id)!;
    const exerciseCount = exerciseCounts.get(id) ?? 0;
    const done = doneCounts.get(id);
    const map: TStatusMap = {};
    for (const date of dates) {
      const prescribed = !row.program.isDraft && isPrescribedOn(schedule, date);
      map[date] = dayStatus({ prescribed, exerciseCount, done: done?.get(date) ?? 0, date, today });
    }
    maps.set(id, map);
  }
  return maps;
}

/** GET /programs/{id}/status/: the program must be one the caller may view (else 404, like the program itself). */
export async function getProgramStatus(
  ctx: AppContext,
  caller: Caller,
  id: number,
  query: { month?: string | undefined; start_date?: string | undefined; end_date?: string | undefined },
  meta: RequestMeta,
): Promise<TStatusMap> {
  const row = await loadProgramInScope(ctx, caller, id, 'view');
  // The schema admits exactly one of a month or a full range.
  const range = query.month ? monthRange(query.month) : { start: query.start_date!, end: query.end_date! };
  const maps = await statusMapsOf(ctx, [row], range);
  await auditPrograms(ctx, caller, 'read', [{ id, clientId: row.program.clientId }], meta, {
    view: 'status',
  });
  return maps.get(id)!;
}

/** GET /programs/status/: every published program the caller sees whose dates overlap the range, in one call. */
export async function getBatchStatus(
  ctx: AppContext,
  caller: Caller,
  range: DateRange,
  meta: RequestMeta,
): Promise<TBatchStatus> {
  const rows = await findProgramRows(ctx.db, { ...listScopeFilter(caller), activeIn: range });
  const maps = await statusMapsOf(ctx, rows, range);
  await auditPrograms(
    ctx,
    caller,
    'read',
    rows.map((row) => ({ id: row.program.id, clientId: row.program.clientId })),
    meta,
    { view: 'status' },
  );
  return Object.fromEntries(maps);
}
