import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';

/**
 * The caller and the request's correlation id, as the placeholders of a prepared statement that checks scope in
 * SQL (`programVisibleSql`) and writes the request's audit row. Spread into the values the statement runs with.
 */
export const auditedCallerValues = (caller: Caller, meta: RequestMeta) => ({
  caller_id: caller.id,
  caller_staff: caller.isStaff,
  caller_therapist: caller.isTherapist,
  caller_clinic: caller.clinicId,
  correlation_id: meta.correlationId,
});

const callerId = sql`${sql.placeholder('caller_id')}::integer`;

/**
 * programs.policy canViewProgram as a condition on the program `p`, for one program looked up by id: staff see it;
 * its client sees it unless it is a draft; a therapist sees it when the client (a client account) is of their clinic
 * or was created by them. Joined into each hot path's own statement instead of a separate scope query.
 */
export const programVisibleSql = (p: SQL): SQL => sql`(
  ${sql.placeholder('caller_staff')}::boolean
  or (${p}.client_id = ${callerId} and not ${p}.is_draft)
  or (${sql.placeholder('caller_therapist')}::boolean and exists (
    select 1 from client_profiles cp join users cu on cu.id = cp.user_id
    where cp.user_id = ${p}.client_id and not cu.is_staff and not cu.is_therapist
      and (cp.created_by_id = ${callerId} or cp.clinic_id = ${sql.placeholder('caller_clinic')}::integer))))`;

/** programs.policy programListScope: which of the list statements a caller runs. */
export type ProgramListKind = 'all' | 'care-team' | 'own';

/** The programs a list covers, as the FROM and WHERE of its statement over `p` (drafts are filtered by the caller). */
export const programListSql: Record<ProgramListKind, { from: SQL; where: SQL }> = {
  all: { from: sql`programs p`, where: sql`true` },
  'care-team': {
    from: sql`programs p join client_profiles cp on cp.user_id = p.client_id join users cu on cu.id = p.client_id`,
    where: sql`(cp.clinic_id = ${sql.placeholder('caller_clinic')}::integer or cp.created_by_id = ${callerId})
      and not cu.is_staff and not cu.is_therapist`,
  },
  own: { from: sql`programs p`, where: sql`p.client_id = ${callerId} and not p.is_draft` },
};
