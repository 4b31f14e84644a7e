import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TDayStatus } from '@hep/shared/domain/day-status';

/** A day's status in words (docs/product/feedback-and-progress.md), the shared DAY_STATUS_LABELS as catalog texts. */
export const DAY_STATUS_TEXT: Record<TDayStatus, MessageDescriptor> = {
  completed: msg({ message: 'Completed', comment: "a day's status: every exercise done" }),
  'in-progress': msg({ message: 'In progress', comment: "a day's status: some exercises done" }),
  missed: msg({ message: 'Missed', comment: "a day's status: nothing done on a past day" }),
  pending: msg({ message: 'Pending', comment: "a day's status: not done yet, still to come" }),
  'not-prescribed': msg({ message: 'Not prescribed', comment: "a day's status: no exercises on that day" }),
};
