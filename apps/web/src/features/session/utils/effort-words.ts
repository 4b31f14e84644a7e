import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EFFORT_MAX } from '@hep/shared/domain/effort';
import { PAIN_MAX } from '@hep/shared/domain/pain';
import { EFFORT_LEVEL_TEXT } from '../../../lib/effort-level-words';

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
