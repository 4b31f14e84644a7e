import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

export interface FeedbackSummary {
  count: number;
  /** The earliest and latest `yyyy-MM-dd` entry dates; null without entries. */
  firstDate: string | null;
  latestDate: string | null;
  /** Average effort to 1 decimal, e.g. "6.5", over rated entries only (0 means "not rated"); null if none. */
  averageEffort: string | null;
}

/**
 * The history's summary line (docs/product/feedback-and-progress.md#feedback-history), whatever order the entries
 * come in.
 */
export function summarizeFeedback(
  entries: readonly { date_completed: string; effort_rating: number }[],
): FeedbackSummary {
  const dates = entries.map((entry) => entry.date_completed).sort();
  // Effort 0 is "not rated" (docs/product/feedback-and-progress.md#effort), left out of the average as the metrics
  // dashboard does.
  const rated = entries.map((entry) => entry.effort_rating).filter((rating) => rating > 0);
  const average = rated.length > 0 ? rated.reduce((sum, rating) => sum + rating, 0) / rated.length : null;
  return {
    count: entries.length,
    firstDate: dates[0] ?? null,
    latestDate: dates.at(-1) ?? null,
    averageEffort: average === null ? null : average.toFixed(1),
  };
}

/** "1 entry", "3 entries". */
export function entryCount(count: number): string {
  return i18n._(msg`${plural(count, { one: '# entry', other: '# entries' })}`);
}
