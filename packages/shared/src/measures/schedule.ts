import { addDays } from '../domain/day-status';

// When a measure is due (docs/product/outcome-measures.md#schedule): on first_due, then every every_days days
// (0 = once) up to ends_on. A result answers the scheduled day it was taken on or after, and every earlier one:
// a client who answers a week late owes one response, not two.

export interface MeasureSchedule {
  firstDue: string;
  everyDays: number;
  endsOn: string | null;
  stopped: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The next scheduled day after the latest result's day (`lastTakenOn`), or null when none is left. */
export function nextDue(schedule: MeasureSchedule, lastTakenOn: string | null): string | null {
  if (schedule.stopped) return null;
  let next: string | null;
  if (lastTakenOn === null || lastTakenOn < schedule.firstDue) next = schedule.firstDue;
  else if (schedule.everyDays === 0) next = null;
  else {
    const periods = Math.floor(daysBetween(schedule.firstDue, lastTakenOn) / schedule.everyDays) + 1;
    next = addDays(schedule.firstDue, periods * schedule.everyDays);
  }
  return next !== null && schedule.endsOn !== null && next > schedule.endsOn ? null : next;
}

/** How many days `next` is overdue on `today` (0 when due today, negative when not yet due). */
export const daysOverdue = (next: string, today: string): number => daysBetween(next, today);
