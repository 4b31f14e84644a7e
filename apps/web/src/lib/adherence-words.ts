/**
 * A last-7-days adherence rate (docs/product/feedback-and-progress.md#adherence: a fraction 0..1, or null when
 * nothing was due) as the short words the client rows and program cards show: "80% done". Null answers null, so that
 * each place decides what to show.
 */
export function adherencePercent(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  return `${Math.round(Math.min(1, Math.max(0, rate)) * 100)}% done`;
}

/** The label the rows and cards put before the rate. */
export const ADHERENCE_LAST_7_LABEL = 'Last 7 days';
