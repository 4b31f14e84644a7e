import { WEEKDAYS, type TWeekday } from './constants';
import { weekdayOf } from './weekdays';

/** Day status of a program on a date (docs/product/feedback-and-progress.md#day-status). */
export const DAY_STATUSES = ['completed', 'in-progress', 'missed', 'pending', 'not-prescribed'] as const;
export type TDayStatus = (typeof DAY_STATUSES)[number];

/** Words for screen readers and tooltips beside each status icon. */
export const DAY_STATUS_LABELS: Record<TDayStatus, string> = {
  completed: 'Completed',
  'in-progress': 'In progress',
  missed: 'Missed',
  pending: 'Pending',
  'not-prescribed': 'Not prescribed',
};

export interface TSchedule {
  startDate: string | null;
  endDate: string | null;
  daysOfWeek: readonly TWeekday[];
}

/**
 * Whether the program prescribes exercises on a yyyy-MM-dd date. A program without a start date prescribes none.
 * A caller going through the same dates for many programs passes each date's weekday, worked out once.
 */
export function isPrescribedOn(schedule: TSchedule, date: string, weekday?: TWeekday): boolean {
  if (!schedule.startDate || date < schedule.startDate) return false;
  if (schedule.endDate && date > schedule.endDate) return false;
  return schedule.daysOfWeek.includes(weekday ?? weekdayOf(date));
}

/**
 * The status of one day. `done` counts the program's current exercises with feedback for that date (feedback on
 * removed exercises does not count); `today` is the client's today in their time zone. A program without exercises
 * asks nothing of the client, so none of its days is missed or waiting to be done
 * (docs/decisions/007-day-status-edge-cases.md).
 */
export function dayStatus(input: {
  prescribed: boolean;
  exerciseCount: number;
  done: number;
  date: string;
  today: string;
}): TDayStatus {
  if (!input.prescribed || input.exerciseCount === 0) return 'not-prescribed';
  if (input.done >= input.exerciseCount) return 'completed';
  if (input.done > 0) return 'in-progress';
  return input.date < input.today ? 'missed' : 'pending';
}

/** Whether a client may still do that day (the do it button): pending and missed days. */
export function canBeDone(status: TDayStatus): boolean {
  return status === 'pending' || status === 'missed';
}

/**
 * yyyy-MM-dd of an instant in an IANA time zone (UTC when none). A zone the runtime does not know (a stored value
 * from an older time zone database) also falls back to UTC: one odd profile must not fail a whole weekly list.
 */
export function dateInZone(instant: Date, timeZone: string | null | undefined): string {
  const zone = timeZone || 'UTC';
  // Every zone's offset is whole minutes, so a zone's date changes only where a minute of UTC begins: the date of
  // the last minute asked for is kept per zone (formatting one costs a cheap read 5% of its CPU).
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDates.get(zone);
  if (last?.minute === minute) return last.date;
  const parts = zoneFormatter(zone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year')}-${part('month')}-${part('day')}`;
  lastDates.set(zone, { minute, date });
  return date;
}

const lastDates = new Map<string, { minute: number; date: string }>();

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one, and a weekly list asks for the same few zones. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      formatter = zoneFormatter('UTC');
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The yyyy-MM-dd date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every date from `start` to `end`, both included. */
export function datesBetween(start: string, end: string): string[] {
  const out: string[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  for (let d = start; d <= end; d = day.toISOString().slice(0, 10)) {
    out.push(d);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}

/** First and last date of a YYYY-MM month. */
export function monthRange(month: string): { start: string; end: string } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { start: `${month}-01`, end: `${month}-${String(last).padStart(2, '0')}` };
}

/** The Monday starting the week of a date (weeks start Monday). */
export function weekStart(date: string): string {
  return addDays(date, -WEEKDAYS.indexOf(weekdayOf(date)));
}
