import { sql, type SQL } from 'drizzle-orm';
import { auditInsertSql } from '../audit/audit.sql';
import { liveCarerAccessSql } from '../carers/carers.sql';

/*
 * The programs' scope as SQL, for the prepared statements that check it inside their own work: this module's hot
 * reads, day statuses, adherence and feedback. Each reads the caller from the placeholders that programs.access
 * `auditedCallerValues` fills.
 */

const callerId = sql`${sql.placeholder('caller_id')}::integer`;

/**
 * programs.policy canViewProgram as a condition on the program `p`, for one program looked up by id: staff see it;
 * its client sees it unless it is a draft; a therapist sees it when the client (a client account) is of their clinic
 * or was created by them; a carer sees it unless it is a draft while they hold a live link to its client
 * (docs/product/carers.md#scope). Joined into each hot path's own statement instead of a separate scope query.
 */
export const programVisibleSql = (p: SQL): SQL => sql`(
  ${sql.placeholder('caller_staff')}::boolean
  or (${p}.client_id = ${callerId} and not ${p}.is_draft and not ${sql.placeholder('caller_carer')}::boolean)
  or (${sql.placeholder('caller_carer')}::boolean and not ${p}.is_draft
    and ${liveCarerAccessSql(callerId, sql`${p}.client_id`, sql`${sql.placeholder('caller_today')}`)} is not null)
  or (${sql.placeholder('caller_therapist')}::boolean and exists (
    select 1 from client_profiles cp join users cu on cu.id = cp.user_id
    where cp.user_id = ${p}.client_id and not cu.is_staff and not cu.is_therapist and not cu.is_carer
      and (cp.created_by_id = ${callerId} or cp.clinic_id = ${sql.placeholder('caller_clinic')}::integer))))`;

/** programs.policy programListScope: which of the list statements a caller runs. */
export type ProgramListKind = 'all' | 'care-team' | 'own';

/** The programs a list covers, as the FROM and WHERE of its statement over `p` (drafts are filtered by the caller). */
export const programListSql: Record<ProgramListKind, { from: SQL; where: SQL }> = {
  all: { from: sql`programs p`, where: sql`true` },
  'care-team': {
    from: sql`programs p join client_profiles cp on cp.user_id = p.client_id join users cu on cu.id = p.client_id`,
    where: sql`(cp.clinic_id = ${sql.placeholder('caller_clinic')}::integer or cp.created_by_id = ${callerId})
      and not cu.is_staff and not cu.is_therapist and not cu.is_carer`,
  },
  own: { from: sql`programs p`, where: sql`p.client_id = ${callerId} and not p.is_draft` },
};

/** Published and active in the range of the placeholders `start` and `end` (dates), for the program `p`. */
export const programInRangeSql = sql`not p.is_draft and p.start_date <= ${sql.placeholder('end')}::date
  and (p.end_date is null or p.end_date >= ${sql.placeholder('start')}::date)`;

/** A program read's audit row, written by the statement from its `found` CTE (one row per program found). */
export const programReadAuditSql = (details: Record<string, unknown> | null, outcome?: SQL) =>
  auditInsertSql(
    {
      actorId: sql.placeholder('caller_id'),
      action: 'read',
      entity: 'program',
      correlationId: sql.placeholder('correlation_id'),
      details,
      readOnlyWork: true,
    },
    { from: sql`found`, id: sql`w.id`, subject: sql`w.client_id`, ...(outcome ? { outcome } : {}) },
  );
