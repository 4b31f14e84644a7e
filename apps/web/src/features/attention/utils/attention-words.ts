import type { TAttentionReason } from '@hep/shared/schemas/attention';
import { parseIsoDate } from '../../../lib/calendar-date';
import { daysBetween, formatWeekdayShort } from '../../../lib/short-date';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** "3 days", "1 day". */
function dayCount(days: number): string {
  return days === 1 ? '1 day' : `${days} days`;
}

/** " on Sit to stand (Tue 24 Nov)", or less when the exercise or the day is not known. */
function onExerciseDay(reason: TAttentionReason): string {
  const { exercise_name: name, date } = reason.detail;
  const day = date ? ` (${formatWeekdayShort(date)})` : '';
  return name ? ` on ${name}${day}` : day;
}

/**
 * Whether a pain reason is about a rise from the exercise's previous report (2 or more higher:
 * docs/product/feedback-and-progress.md#needs-attention).
 */
export function isPainRise(reason: TAttentionReason): boolean {
  const { value, previous } = reason.detail;
  return reason.code === 'pain' && value !== null && previous !== null && value - previous >= 2;
}

/** When a program ends, seen from `today`: "today", "tomorrow", "Friday" within the week, else the date. */
function endsWhen(date: string, today: string): string {
  const days = daysBetween(today, date);
  if (days < 0) return `on ${formatWeekdayShort(date)}`;
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  const parsed = parseIsoDate(date);
  return days < 7 && parsed ? WEEKDAYS[parsed.getDay()]! : `on ${formatWeekdayShort(date)}`;
}

/**
 * One reason in plain words, as the Needs attention list says it
 * (docs/product/feedback-and-progress.md#needs-attention). `today` is the browser's yyyy-MM-dd, for "ends Friday" and
 * "invited 5 days ago".
 */
export function attentionReasonText(reason: TAttentionReason, today: string): string {
  const { detail } = reason;
  switch (reason.code) {
    case 'pain':
      if (isPainRise(reason))
        return `Pain up from ${detail.previous} to ${detail.value}${onExerciseDay(reason)}`;
      return detail.value === null
        ? `Pain reported${onExerciseDay(reason)}`
        : `Pain ${detail.value} of 10${onExerciseDay(reason)}`;
    case 'high_effort':
      return detail.value === null
        ? `Very hard effort${onExerciseDay(reason)}`
        : `Effort ${detail.value} of 10${onExerciseDay(reason)}`;
    case 'missed_streak':
      return detail.days === null
        ? 'Missed the last exercise days'
        : `Missed the last ${detail.days} exercise days`;
    case 'inactive': {
      const days = detail.days ?? daysBetween(reason.since, today);
      return `No exercises reported for ${dayCount(Math.max(days, 1))}`;
    }
    case 'program_ending': {
      const name = detail.program_name ? `Program '${detail.program_name}'` : 'A program';
      return detail.date ? `${name} ends ${endsWhen(detail.date, today)}` : `${name} ends soon`;
    }
    case 'not_activated': {
      const days = detail.days ?? daysBetween(reason.since, today);
      return days > 0
        ? `Has not signed in since being invited ${dayCount(days)} ago`
        : 'Has not signed in since being invited';
    }
  }
}

/**
 * Where a reason's link goes: a report's day in the program view (pain, effort), the exercise's feedback history
 * when pain is rising (the trend is the point), the program for missed days and an ending program, and the
 * client's page when there is no program to show (no reports, never signed in).
 */
export function attentionReasonLink(reason: TAttentionReason, clientId: number): string {
  const { program_id: programId, exercise_id: exerciseId, date } = reason.detail;
  const clientPage = `/client/${clientId}`;
  switch (reason.code) {
    case 'pain':
      if (isPainRise(reason) && exerciseId !== null) return `/exercise/${exerciseId}/feedback`;
      return programDay(programId, date) ?? clientPage;
    case 'high_effort':
    case 'missed_streak':
      return programDay(programId, date) ?? clientPage;
    case 'program_ending':
      return programId === null ? clientPage : `/program/${programId}`;
    case 'inactive':
    case 'not_activated':
      return clientPage;
  }
}

function programDay(programId: number | null, date: string | null): string | null {
  if (programId === null) return null;
  return date ? `/program/${programId}?date=${date}` : `/program/${programId}`;
}

/** "Needs attention (3)". */
export function attentionHeading(count: number | null): string {
  return count === null ? 'Needs attention' : `Needs attention (${count})`;
}
