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
  if (days <= 0) return 'on the same day';
  if (days < 14) return days === 1 ? 'over 1 day' : `over ${days} days`;
  return `over ${Math.round(days / 7)} weeks`;
}

/** One measure's trend: "Effort went from 7 to 4 over 3 weeks.", "Pain was 8 on 24 Nov 2025.", or none given. */
function trendWords(label: string, points: { date: string; value: number }[], none: string): string {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return none;
  if (points.length === 1) return `${label} was ${first.value} on ${formatMediumDate(first.date)}.`;
  const span = spanWords(first.date, last.date);
  if (first.value === last.value) return `${label} stayed at ${first.value} ${span}.`;
  return `${label} went from ${first.value} to ${last.value} ${span}.`;
}

/** The chart's summary in words: effort's trend, then pain's. */
export function effortPainSummary(points: readonly TEffortPainPoint[]): string {
  const effort = points.flatMap((p) => (p.effort === null ? [] : [{ date: p.date, value: p.effort }]));
  const pain = points.flatMap((p) => (p.pain === null ? [] : [{ date: p.date, value: p.pain }]));
  return [
    trendWords('Effort', effort, 'No effort was rated.'),
    trendWords('Pain', pain, 'No pain was reported.'),
  ].join(' ');
}
