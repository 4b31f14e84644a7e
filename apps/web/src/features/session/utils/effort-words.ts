import { EFFORT_LABELS, EFFORT_MAX } from '@hep/shared/domain/effort';
import { painInWords } from '@hep/shared/domain/pain';

/** "Effort 5/10 · Somewhat difficult"; 0 is "not rated" (docs/product/feedback-and-progress.md#effort). */
export function effortWords(effort: number): string {
  return effort === 0 ? 'Effort not rated' : `Effort ${effort}/${EFFORT_MAX} · ${EFFORT_LABELS[effort]}`;
}

/** "Effort 5/10 · Somewhat difficult · Pain 6 of 10"; the pain only when one was given. */
export function reportWords(report: { effort: number; pain: number | null }): string {
  const effort = effortWords(report.effort);
  return report.pain === null ? effort : `${effort} · ${painInWords(report.pain)}`;
}
