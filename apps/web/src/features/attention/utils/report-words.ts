import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TAttentionReason } from '@hep/shared/schemas/attention';
import { formatWeekdayShort } from '../../../lib/short-date';

// A pain or effort report, said with its exercise and its day when they are known: each combination is a whole
// sentence, so that a translator can put the exercise and the day where their language wants them.

/**
 * Whether a pain reason is about a rise from the exercise's previous report (2 or more higher:
 * docs/product/feedback-and-progress.md#needs-attention).
 */
export function isPainRise(reason: TAttentionReason): boolean {
  const { value, previous } = reason.detail;
  return reason.code === 'pain' && value !== null && previous !== null && value - previous >= 2;
}

interface TWhere {
  /** The exercise's name, as the therapist wrote it. */
  name: string | null;
  /** The report's day, "Tue 24 Nov". */
  day: string | null;
}

type TReportTexts = (where: { name: string; day: string }) => {
  both: MessageDescriptor;
  name: MessageDescriptor;
  day: MessageDescriptor;
  none: MessageDescriptor;
};

function said({ name, day }: TWhere, texts: TReportTexts): MessageDescriptor {
  const all = texts({ name: name ?? '', day: day ?? '' });
  if (name && day) return all.both;
  if (name) return all.name;
  return day ? all.day : all.none;
}

/** "Pain 8 of 10 on Sit to stand (Tue 24 Nov)", "Effort 9 of 10", ... */
export function reportText(reason: TAttentionReason): MessageDescriptor {
  const { exercise_name: exercise, date } = reason.detail;
  const where: TWhere = { name: exercise, day: date ? formatWeekdayShort(date) : null };
  // Only the texts for a known value use these (a rise has both).
  const value = reason.detail.value ?? 0;
  const previous = reason.detail.previous ?? 0;
  if (reason.code === 'pain' && isPainRise(reason))
    return said(where, ({ name, day }) => ({
      both: msg`Pain up from ${previous} to ${value} on ${name} (${day})`,
      name: msg`Pain up from ${previous} to ${value} on ${name}`,
      day: msg`Pain up from ${previous} to ${value} (${day})`,
      none: msg`Pain up from ${previous} to ${value}`,
    }));
  if (reason.code === 'pain' && reason.detail.value === null)
    return said(where, ({ name, day }) => ({
      both: msg`Pain reported on ${name} (${day})`,
      name: msg`Pain reported on ${name}`,
      day: msg`Pain reported (${day})`,
      none: msg`Pain reported`,
    }));
  if (reason.code === 'pain')
    return said(where, ({ name, day }) => ({
      both: msg`Pain ${value} of 10 on ${name} (${day})`,
      name: msg`Pain ${value} of 10 on ${name}`,
      day: msg`Pain ${value} of 10 (${day})`,
      none: msg`Pain ${value} of 10`,
    }));
  if (reason.detail.value === null)
    return said(where, ({ name, day }) => ({
      both: msg`Very hard effort on ${name} (${day})`,
      name: msg`Very hard effort on ${name}`,
      day: msg`Very hard effort (${day})`,
      none: msg`Very hard effort`,
    }));
  return said(where, ({ name, day }) => ({
    both: msg`Effort ${value} of 10 on ${name} (${day})`,
    name: msg`Effort ${value} of 10 on ${name}`,
    day: msg`Effort ${value} of 10 (${day})`,
    none: msg`Effort ${value} of 10`,
  }));
}
