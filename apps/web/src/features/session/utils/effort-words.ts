import { EFFORT_LABELS, EFFORT_MAX } from '@hep/shared/domain/effort';

/** "Effort 5/10 · Somewhat difficult"; 0 is "not rated" (design 7.6). */
export function effortWords(effort: number): string {
  return effort === 0 ? 'Effort not rated' : `Effort ${effort}/${EFFORT_MAX} · ${EFFORT_LABELS[effort]}`;
}
