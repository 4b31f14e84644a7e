import { addDays } from './day-status';

/** The longest a template may run, in weeks (docs/product/library-and-templates.md#templates). */
export const TEMPLATE_MAX_WEEKS = 52;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many weeks a program from `start` to `end` (both dates included) runs, part weeks rounded up, at most 52;
 * null without both dates. A program from a Monday to the Sunday four weeks later runs 4 weeks.
 */
export function weeksOfProgram(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
  return Math.min(TEMPLATE_MAX_WEEKS, Math.max(1, Math.ceil(days / 7)));
}

/** The end date of a program of `weeks` weeks starting on `start` (the last day included): the inverse of weeksOfProgram. */
export const endDateAfterWeeks = (start: string, weeks: number): string => addDays(start, weeks * 7 - 1);
