import { z } from 'zod';
import { DAY_STATUSES } from '../domain/day-status';
import { ZIsoDate } from './common';

/** The longest range a status call answers (a year and a bit: the weekly list and month calendar ask far less). */
export const STATUS_MAX_DAYS = 400;
const RANGE_TOO_LONG = `Ask for at most ${STATUS_MAX_DAYS} days at a time.`;
const RANGE_REVERSED = /*i18n*/ 'The end date must be on or after the start date.';
const MONTH_OR_RANGE = /*i18n*/ 'Give either month=YYYY-MM or start_date and end_date.';

export const ZDayStatus = z.enum(DAY_STATUSES);

const RANGE_MISSING = /*i18n*/ 'Give both start_date and end_date.';
const ZRangeDate = z.string({ error: RANGE_MISSING }).pipe(ZIsoDate);
const ZRange = z.object({ start_date: ZRangeDate, end_date: ZRangeDate });

function daysIn(start: string, end: string): number {
  return (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
}

function checkRange(range: { start_date: string; end_date: string }, ctx: z.RefinementCtx) {
  if (range.end_date < range.start_date)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: RANGE_REVERSED });
  else if (daysIn(range.start_date, range.end_date) > STATUS_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: RANGE_TOO_LONG });
}

const RANGE_BOTH = /*i18n*/ 'Give both start_date and end_date, or neither.';

/** Optional start_date/end_date (GET /programs/ for the weekly list): both or neither, and then a valid range. */
export function checkOptionalRange(
  query: { start_date?: string | undefined; end_date?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (query.start_date === undefined && query.end_date === undefined) return;
  if (query.start_date === undefined || query.end_date === undefined) {
    const missing = query.start_date === undefined ? 'start_date' : 'end_date';
    return ctx.addIssue({ code: 'custom', path: [missing], message: RANGE_BOTH });
  }
  checkRange({ start_date: query.start_date, end_date: query.end_date }, ctx);
}

/** GET /programs/status/?start_date=&end_date= (every program the caller sees, for the weekly list). */
export const ZRangeQuery = ZRange.superRefine(checkRange);

/** GET /programs/{id}/status/?month=YYYY-MM or ?start_date=&end_date= */
export const ZProgramStatusQuery = z
  .object({
    month: z
      .string()
      .regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/, /*i18n*/ 'Give the month as YYYY-MM.')
      .optional(),
    start_date: ZIsoDate.optional(),
    end_date: ZIsoDate.optional(),
  })
  .superRefine((query, ctx) => {
    const hasRange = query.start_date !== undefined || query.end_date !== undefined;
    if (query.month !== undefined && !hasRange) return;
    if (query.month === undefined && query.start_date && query.end_date)
      return checkRange({ start_date: query.start_date, end_date: query.end_date }, ctx);
    ctx.addIssue({ code: 'custom', path: ['month'], message: MONTH_OR_RANGE });
  });

/** `{ "<yyyy-MM-dd>": "<status>" }` for every day asked. */
export const ZStatusMap = z.record(z.string(), ZDayStatus);
export type TStatusMap = z.infer<typeof ZStatusMap>;

/** `{ "<programId>": { "<yyyy-MM-dd>": "<status>" } }` */
export const ZBatchStatus = z.record(z.string(), ZStatusMap);
export type TBatchStatus = z.infer<typeof ZBatchStatus>;
