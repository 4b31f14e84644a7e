import type { TCarerAccess } from '@hep/shared/schemas/carers';
import type { Caller } from '../../context';

/** A carer and the day their links are checked on, for the statements that read a live link with the client. */
export interface CarerViewer {
  id: number;
  today: string;
}

/**
 * The day a link's `expires_on` is compared with: UTC, the same for every client (docs/product/carers.md#scope), so a
 * link works through its last day and stops when that day ends in UTC.
 */
export function linkDay(now: Date): string {
  // Every audited read asks for it: the last day's text is kept with the instants it covers.
  const ms = now.getTime();
  if (ms < lastLinkDay.from || ms >= lastLinkDay.to) {
    const from = Math.floor(ms / DAY_MS) * DAY_MS;
    lastLinkDay = { from, to: from + DAY_MS, text: now.toISOString().slice(0, 10) };
  }
  return lastLinkDay.text;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let lastLinkDay = { from: 0, to: 0, text: '' };

/** The caller as a carer whose live links a statement should read; undefined for anyone else. */
export const carerViewerOf = (caller: Caller, now: Date): CarerViewer | undefined =>
  caller.isCarer ? { id: caller.id, today: linkDay(now) } : undefined;

/** Reads (programs, calendar, feedback history, measure results): any live link. */
export const carerMayRead = (access: TCarerAccess | null | undefined): boolean => Boolean(access);

/** Records for the client (feedback, the session, self-report measures): a `log` or `full` link. */
export const carerMayLog = (access: TCarerAccess | null | undefined): boolean =>
  access === 'log' || access === 'full';

/** Inviting, changing and ending links: staff, or a therapist on the client's care team (decided with the client). */
export const mayManageCarers = (caller: Caller): boolean => caller.isStaff || caller.isTherapist;
