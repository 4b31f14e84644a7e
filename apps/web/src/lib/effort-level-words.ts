import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Each effort level in words (docs/product/feedback-and-progress.md#effort), as the catalog's texts: the same words
 * as the shared EFFORT_LABELS, 1 to 10 (0 is "not rated" and has no card). The feedback feature's effort cards and
 * the session's report lines both say them.
 */
export const EFFORT_LEVEL_TEXT: Record<number, MessageDescriptor> = {
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
