/** Effort scale 0-10; 0 means "not rated" (docs/product/feedback-and-progress.md#effort). */
export const EFFORT_MAX = 10;

export const EFFORT_LABELS: Record<number, string> = {
  0: 'Select effort level',
  1: 'Nothing',
  2: 'Very Easy',
  3: 'Easy',
  4: 'Comfortable',
  5: 'Somewhat difficult',
  6: 'Difficult',
  7: 'Hard',
  8: 'Very Hard',
  9: 'Extremely Hard',
  10: 'Maximal',
};

export type TEffortBand = 'success' | 'warning' | 'danger';

/** Bar colour: success for 3 or less, warning for 4-7, danger for 8 or more. */
export function effortBand(rating: number): TEffortBand {
  if (rating <= 3) return 'success';
  if (rating <= 7) return 'warning';
  return 'danger';
}

/** Emoji by the same bands, with words for screen readers. */
export const EFFORT_EMOJI: Record<TEffortBand, { emoji: string; label: string }> = {
  success: { emoji: '😴', label: 'Light effort' },
  warning: { emoji: '😅', label: 'Moderate effort' },
  danger: { emoji: '😩', label: 'Hard effort' },
};

/** Bar width in percent: rating x 10. */
export function effortWidth(rating: number): number {
  return Math.max(0, Math.min(EFFORT_MAX, rating)) * 10;
}
