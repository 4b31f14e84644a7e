import type { Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { linkDay } from '../carers/carers.policy';

/**
 * The caller and the request's correlation id, as the placeholders of a prepared statement that checks scope in
 * SQL (programs.sql `programVisibleSql`) and writes the request's audit row. Spread into the values the statement
 * runs with.
 */
export const auditedCallerValues = (caller: Caller, meta: RequestMeta, now: Date) => ({
  caller_id: caller.id,
  caller_staff: caller.isStaff,
  caller_therapist: caller.isTherapist,
  caller_carer: caller.isCarer,
  /** The day a carer's link is checked on (carers.policy linkDay). */
  caller_today: linkDay(now),
  caller_clinic: caller.clinicId,
  correlation_id: meta.correlationId,
});
