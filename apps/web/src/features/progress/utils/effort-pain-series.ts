import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { formatMediumDate } from '../../../lib/calendar-date';
import { daysBetween } from '../../../lib/short-date';

export interface TEffortPainPoint {
  date: string;
  /** null when the entry was not rated (effort 0: docs/product/feedback-and-progress.md#effort). */
  effort: number | null;
  /** null when no pain was given. */
  pain: number | null;
}

type TEntry = Pick<TFeedback, 'date_completed' | 'effort_rating' | 'created_at'> & { pain?: number | null };

/** The history's entries oldest first, as the chart and its table show them. */
export function effortPainPoints(entries: readonly TEntry[]): TEffortPainPoint[] {
  return [...entries]
    .sort(
      (a, b) => a.date_completed.localeCompare(b.date_completed) || a.created_at.localeCompare(b.created_at),
    )
    .map((entry) => ({
      date: entry.date_completed,
      effort: entry.effort_rating > 0 ? entry.effort_rating : null,
      pain: entry.pain ?? null,
    }));
}

/** "over 5 days", "over 3 weeks", "on the same day". */
export function spanWords(from: string, to: string): string {
  const days = daysBetween(from, to);
  if (days <= 0) return i18n._(msg`on the same day`);
  if (days < 14) return i18n._(msg`over ${plural(days, { one: '# day', other: '# days' })}`);
  const weeks = Math.round(days / 7);
  return i18n._(msg`over ${plural(weeks, { one: '# week', other: '# weeks' })}`);
}

/** One measure's words: none given, a single value, the same value throughout, or a change. */
interface TTrendTexts {
  none: MessageDescriptor;
  was: (value: number, date: string) => MessageDescriptor;
  stayed: (value: number, span: string) => MessageDescriptor;
  wentFrom: (from: number, to: number, span: string) => MessageDescriptor;
}

const EFFORT_TREND: TTrendTexts = {
  none: msg`No effort was rated.`,
  was: (value, date) => msg`Effort was ${value} on ${date}.`,
  stayed: (value, span) => msg`Effort stayed at ${value} ${span}.`,
  wentFrom: (from, to, span) => msg`Effort went from ${from} to ${to} ${span}.`,
};

const PAIN_TREND: TTrendTexts = {
  none: msg`No pain was reported.`,
  was: (value, date) => msg`Pain was ${value} on ${date}.`,
  stayed: (value, span) => msg`Pain stayed at ${value} ${span}.`,
  wentFrom: (from, to, span) => msg`Pain went from ${from} to ${to} ${span}.`,
};

/** One measure's trend: "Effort went from 7 to 4 over 3 weeks.", "Pain was 8 on 24 Nov 2025.", or none given. */
function trendWords(texts: TTrendTexts, points: { date: string; value: number }[]): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return i18n._(texts.none);
  if (points.length === 1) return i18n._(texts.was(first.value, formatMediumDate(first.date)));
  const span = spanWords(first.date, last.date);
  if (first.value === last.value) return i18n._(texts.stayed(first.value, span));
  return i18n._(texts.wentFrom(first.value, last.value, span));
}

/** The chart's summary in words: effort's trend, then pain's. */
export function effortPainSummary(points: readonly TEffortPainPoint[]): string {
  const effort = points.flatMap((p) => (p.effort === null ? [] : [{ date: p.date, value: p.effort }]));
  const pain = points.flatMap((p) => (p.pain === null ? [] : [{ date: p.date, value: p.pain }]));
  return [trendWords(EFFORT_TREND, effort), trendWords(PAIN_TREND, pain)].join(' ');
}
