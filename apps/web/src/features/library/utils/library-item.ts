import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** What a finished search says, e.g. "Showing 25 of 40 exercises." or "No exercises match. Try other words.". */
export function resultsText(shown: number, count: number, filtered: boolean): MessageDescriptor {
  if (count === 0)
    return filtered ? msg`No exercises match. Try other words or fewer tags.` : msg`The library is empty.`;
  if (shown >= count) return msg`${plural(count, { one: '# exercise.', other: '# exercises.' })}`;
  return msg`Showing ${shown} of ${plural(count, { one: '# exercise', other: '# exercises' })}.`;
}
