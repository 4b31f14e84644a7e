import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EFFORT_MAX } from '@hep/shared/domain/effort';
import { PAIN_MAX } from '@hep/shared/domain/pain';

/**
 * Effort levels 1 to 10 in words, the shared EFFORT_LABELS' words as catalog texts (the feedback feature's effort
 * cards carry the same messages, so each is one text for a translator).
 */
const EFFORT_LEVEL_TEXT: Record<number, MessageDescriptor> = {
  1: msg({ message: 'Nothing', comment: 'effort level 1 of 10: no effort at all' }),
  2: msg`Very Easy`,
  3: msg`Easy`,
  4: msg`Comfortable`,
  5: msg`Somewhat difficult`,
  6: msg`Difficult`,
  7: msg`Hard`,
  8: msg`Very Hard`,
  9: msg`Extremely Hard`,
  10: msg`Maximal`,
};

/** "Effort 5/10 · Somewhat difficult"; 0 is "not rated" (docs/product/feedback-and-progress.md#effort). */
export function effortWords(effort: number): string {
  const level = EFFORT_LEVEL_TEXT[effort];
  if (!level) return i18n._(msg`Effort not rated`);
  const words = i18n._(level);
  return i18n._(msg`Effort ${effort}/${EFFORT_MAX} · ${words}`);
}

/** "Pain 6 of 10" (docs/product/feedback-and-progress.md#pain). */
export function painWords(pain: number): string {
  return i18n._(msg`Pain ${pain} of ${PAIN_MAX}`);
}

/** "Effort 5/10 · Somewhat difficult · Pain 6 of 10"; the pain only when one was given. */
export function reportWords(report: { effort: number; pain: number | null }): string {
  const effort = effortWords(report.effort);
  if (report.pain === null) return effort;
  const pain = painWords(report.pain);
  return i18n._(
    msg({ message: `${effort} · ${pain}`, comment: 'an exercise report: its effort, then its pain' }),
  );
}
