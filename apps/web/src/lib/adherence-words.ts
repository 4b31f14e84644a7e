import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { formatNumber } from './intl-date';

/**
 * A last-7-days adherence rate (docs/product/feedback-and-progress.md#adherence: a fraction 0..1, or null when
 * nothing was due) as the short words the client rows and program cards show: "80% done", in the active language.
 * Null answers null, so that each place decides what to show.
 */
export function adherencePercent(rate: number | null | undefined): string | null {
  if (rate === null || rate === undefined || !Number.isFinite(rate)) return null;
  // Rounded to a whole percent first, as before, so that 0.675 reads 68% in every language.
  const percent = formatNumber(Math.round(Math.min(1, Math.max(0, rate)) * 100) / 100, { style: 'percent' });
  return i18n._(msg({ message: `${percent} done`, comment: 'how much of the week’s exercises were done' }));
}

/** The label the rows and cards put before the rate: show it with `t(ADHERENCE_LAST_7_LABEL)`. */
export const ADHERENCE_LAST_7_LABEL = msg`Last 7 days`;
