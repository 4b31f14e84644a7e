import type { Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';

/**
 * The caller and the request's correlation id, as the placeholders of a prepared statement that checks scope in
 * SQL (programs.sql `programVisibleSql`) and writes the request's audit row. Spread into the values the statement
 * runs with.
 */
export const auditedCallerValues = (caller: Caller, meta: RequestMeta) => ({
  caller_id: caller.id,
  caller_staff: caller.isStaff,
  caller_therapist: caller.isTherapist,
  caller_clinic: caller.clinicId,
  correlation_id: meta.correlationId,
});
