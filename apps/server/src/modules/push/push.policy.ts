import type { Caller } from '../../context';

/**
 * Clients get reminders; staff may try the panel too (docs/product/reminders-and-notifications.md#preferences).
 * Therapists do not get reminders, so they have nothing to subscribe for.
 */
export const canSubscribeToPush = (caller: Caller): boolean => caller.isStaff || !caller.isTherapist;
