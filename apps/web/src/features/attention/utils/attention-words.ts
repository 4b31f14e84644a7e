import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TAttentionReason } from '@hep/shared/schemas/attention';
import { parseIsoDate } from '../../../lib/calendar-date';
import { daysBetween, formatWeekdayShort } from '../../../lib/short-date';
import { instrumentShortName } from '../../../lib/instrument-names';
import { isPainRise, reportText } from './report-words';

/**
 * When a program ends, seen from `today`: today, tomorrow, a weekday within the week, else the date. The name is
 * quoted with '' (ICU's apostrophe; a single one before a placeholder would hide it).
 */
function endingText(programName: string | null, date: string, today: string): MessageDescriptor {
  const days = daysBetween(today, date);
  const parsed = parseIsoDate(date);
  const onDate = formatWeekdayShort(date);
  const name = programName ?? '';
  if (days === 0) return programName ? msg`Program ''${name}'' ends today` : msg`A program ends today`;
  if (days === 1) return programName ? msg`Program ''${name}'' ends tomorrow` : msg`A program ends tomorrow`;
  if (days > 1 && days < 7 && parsed) {
    const weekday = new Intl.DateTimeFormat(i18n.locale || 'en', { weekday: 'long' }).format(parsed);
    return programName ? msg`Program ''${name}'' ends ${weekday}` : msg`A program ends ${weekday}`;
  }
  return programName ? msg`Program ''${name}'' ends on ${onDate}` : msg`A program ends on ${onDate}`;
}

/**
 * One reason in plain words, as the Needs attention list says it
 * (docs/product/feedback-and-progress.md#needs-attention). `today` is the browser's yyyy-MM-dd, for "ends Friday" and
 * "invited 5 days ago".
 */
export function attentionReasonText(reason: TAttentionReason, today: string): MessageDescriptor {
  const { detail } = reason;
  const name = instrumentShortName(detail.instrument);
  switch (reason.code) {
    case 'safety': {
      const onDate = detail.date ? formatWeekdayShort(detail.date) : '';
      return msg`Reported thoughts of self-harm (${name}, ${onDate})`;
    }
    case 'pain':
    case 'high_effort':
      return reportText(reason);
    case 'missed_streak': {
      const days = detail.days;
      return days === null ? msg`Missed the last exercise days` : msg`Missed the last ${days} exercise days`;
    }
    case 'inactive': {
      const days = Math.max(detail.days ?? daysBetween(reason.since, today), 1);
      return msg`No exercises reported for ${plural(days, { one: '# day', other: '# days' })}`;
    }
    case 'program_ending': {
      const programName = detail.program_name;
      if (detail.date) return endingText(programName, detail.date, today);
      const name = programName ?? '';
      return programName ? msg`Program ''${name}'' ends soon` : msg`A program ends soon`;
    }
    case 'not_activated': {
      const days = detail.days ?? daysBetween(reason.since, today);
      return days > 0
        ? msg`Has not signed in since being invited ${plural(days, { one: '# day', other: '# days' })} ago`
        : msg`Has not signed in since being invited`;
    }
    case 'measure_due': {
      const days = detail.days ?? daysBetween(reason.since, today);
      return msg`${name} is ${plural(days, { one: '# day', other: '# days' })} overdue`;
    }
    case 'measure_worse': {
      const value = detail.value ?? '';
      const previous = detail.previous ?? '';
      return msg`${name} got worse: ${value}, was ${previous}`;
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
    case 'safety':
    case 'measure_due':
    case 'measure_worse':
      return clientPage;
  }
}

function programDay(programId: number | null, date: string | null): string | null {
  if (programId === null) return null;
  return date ? `/program/${programId}?date=${date}` : `/program/${programId}`;
}

/** "Needs attention (3)". */
export function attentionHeading(count: number | null): MessageDescriptor {
  return count === null ? msg`Needs attention` : msg`Needs attention (${count})`;
}
