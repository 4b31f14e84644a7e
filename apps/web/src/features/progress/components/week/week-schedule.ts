import type { TRole } from '@hep/shared/domain/roles';
import { canBeDone, datesBetween, isPrescribedOn, type TDayStatus } from '@hep/shared/domain/day-status';
import type { TProgram } from '@hep/shared/schemas/programs';
import type { TBatchStatus } from '@hep/shared/schemas/status';
import type { TWeekRange } from './week-dates';

export interface TWeekEntry {
  program: TProgram;
  /** Null when the status call did not answer for this program and day. */
  status: TDayStatus | null;
}

export interface TWeekDay {
  date: string;
  entries: TWeekEntry[];
}

function byName(a: TProgram, b: TProgram): number {
  return a.name.localeCompare(b.name, 'en-AU', { sensitivity: 'base' }) || a.id - b.id;
}

/**
 * Monday to Sunday, each day with the programs prescribed on it: published programs only, within their dates and
 * on their weekdays. The server already keeps to programs overlapping the week; the day rule is applied here.
 */
export function buildWeek(week: TWeekRange, programs: TProgram[], statuses: TBatchStatus): TWeekDay[] {
  const published = programs.filter((p) => !p.is_draft).sort(byName);
  return datesBetween(week.start, week.end).map((date) => ({
    date,
    entries: published
      .filter((p) =>
        isPrescribedOn({ startDate: p.start_date, endDate: p.end_date, daysOfWeek: p.days_of_week }, date),
      )
      .map((program) => ({ program, status: statuses[String(program.id)]?.[date] ?? null })),
  }));
}

/**
 * What a card offers. Clients do pending and missed days ("do-it") and finish a day they started ("continue");
 * a completed day cannot be redone, and the care team never does a day. A day after today gets no button: the
 * server takes feedback up to tomorrow in UTC only, and the client's today is always within that.
 */
export type TCardAction = 'do-it' | 'continue' | 'none';

export function cardAction(role: TRole, status: TDayStatus | null, date: string, today: string): TCardAction {
  if (role !== 'client' || status === null || date > today) return 'none';
  if (canBeDone(status)) return 'do-it';
  return status === 'in-progress' ? 'continue' : 'none';
}

/** The guided session of a program's day (docs/product/session.md#today): every client way into a day opens it. */
export function sessionPath(programId: number, date: string): string {
  return `/program/${programId}/session?date=${date}`;
}
