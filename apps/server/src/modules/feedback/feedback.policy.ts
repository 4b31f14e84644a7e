import { addDays } from '@hep/shared/domain/day-status';
import type { Caller } from '../../context';
import { isClientAccount } from '../users/users.policy';

/**
 * Only a client gives feedback, or a carer for them (their link decides: docs/product/carers.md#levels): therapists
 * and staff read it but never "do" a day (docs/product/feedback-and-progress.md#feedback-rules), so they get 403 even
 * on their own clients' exercises.
 */
export const canGiveFeedback = (caller: Caller): boolean => isClientAccount(caller) || caller.isCarer;

/** A client writes feedback only on their own entries. */
export const ownsFeedback = (caller: Caller, entry: { clientId: number }): boolean =>
  entry.clientId === caller.id;

/**
 * The last day feedback may be given for: tomorrow in UTC (docs/product/feedback-and-progress.md#feedback-rules), so
 * that a client whose day has begun ahead of UTC (Australia) can do today's exercises.
 */
export const latestFeedbackDate = (now: Date): string => addDays(now.toISOString().slice(0, 10), 1);
