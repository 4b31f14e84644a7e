import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { findInstrument } from '@hep/shared/measures/instruments';
import { compareScores } from '@hep/shared/measures/scoring';
import type { TInstrumentView, TMeasureAssignment } from '@hep/shared/schemas/measures';
import { formatMediumDate } from '../../../lib/calendar-date';

// The words of the Outcome measures section (docs/product/outcome-measures.md#on-the-client-page).

/** The repeats a therapist picks from: once, then every one, two, four or twelve weeks. */
export const REPEAT_DAYS = [0, 7, 14, 28, 84] as const;

export function repeatText(days: number): MessageDescriptor {
  switch (days) {
    case 0:
      return msg`Once`;
    case 7:
      return msg`Every week`;
    case 14:
      return msg`Every 2 weeks`;
    case 28:
      return msg`Every 4 weeks`;
    case 84:
      return msg`Every 12 weeks`;
    default:
      return msg`Every ${days} days`;
  }
}

/** "Every 2 weeks from 2 Mar 2026 until 1 Jun 2026", "Once, on 2 Mar 2026". */
export function scheduleText(assignment: TMeasureAssignment): MessageDescriptor {
  const from = formatMediumDate(assignment.first_due);
  const until = assignment.ends_on ? formatMediumDate(assignment.ends_on) : null;
  if (assignment.every_days === 0) return msg`Once, on ${from}`;
  const days = assignment.every_days;
  return until ? msg`Every ${days} days from ${from} until ${until}` : msg`Every ${days} days from ${from}`;
}

/** A score with its unit: "12", "0.8 m/s", "24.5 s", "11 stands". */
export function scoreText(score: number, instrument: Pick<TInstrumentView, 'unit' | 'decimals'>): string {
  const number = score.toFixed(instrument.decimals);
  switch (instrument.unit) {
    case 'm/s':
      return `${number} m/s`;
    case 'seconds':
      return `${number} s`;
    default:
      return number;
  }
}

/** The latest result against the first, in words; null with fewer than two results. */
export function changeText(assignment: TMeasureAssignment): MessageDescriptor | null {
  const instrument = findInstrument(assignment.instrument);
  const first = assignment.results[0];
  const latest = assignment.results.at(-1);
  if (!instrument || !first || !latest || first === latest) return null;
  const change = compareScores(instrument, first.score, latest.score);
  if (instrument.mcid === null && change !== 'same')
    return change === 'better'
      ? msg`Since the first result: better (this measure has no published smallest change that matters).`
      : msg`Since the first result: worse (this measure has no published smallest change that matters).`;
  switch (change) {
    case 'better_mcid':
      return msg`Since the first result: better by more than the smallest change that matters.`;
    case 'better':
      return msg`Since the first result: better, by less than the smallest change that matters.`;
    case 'same':
      return msg`Since the first result: no change.`;
    case 'worse':
      return msg`Since the first result: worse, by less than the smallest change that matters.`;
    case 'worse_mcid':
      return msg`Since the first result: worse by more than the smallest change that matters.`;
  }
}
