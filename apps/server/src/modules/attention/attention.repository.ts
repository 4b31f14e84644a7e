import { sql, type SQL } from 'drizzle-orm';
import {
  ATTENTION_CODES,
  ATTENTION_LIST_MAX,
  type TAttentionCode,
  type TAttentionReason,
} from '@hep/shared/schemas/attention';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../lib/prepared-sql';

export { knownZones } from '../../db/known-zones';
import { auditInsertSql } from '../audit/audit.sql';
import { PER_CLIENT, reasonsSql, reviewColumnNames, reviewColumnsSql } from './attention-reasons.repository';

/** Whose clients the list covers: every client (staff) or one care team's (clients.policy clientScopeOf). */
export type AttentionListKind = 'all' | 'team';

export interface AttentionRow {
  client_id: number;
  name: string;
  reasons: TAttentionReason[];
}

/** The client scope as SQL over client_profiles `cp`: the clients list's rule (a clinic's clients, or those created). */
const scopeWhere: Record<AttentionListKind, SQL> = {
  all: sql`true`,
  // Both columns are indexed: a bitmap OR of the two indexes. A null clinic matches nothing, leaving "created by".
  team: sql`(cp.clinic_id = ${sql.placeholder('clinic_id')}::integer
    or cp.created_by_id = ${sql.placeholder('therapist_id')}::integer)`,
};

/** The codes in their order of seriousness, as SQL: a reason's rank is its position in it. */
const codeOrder = sql.raw(`array[${ATTENTION_CODES.map((code) => `'${code}'`).join(', ')}]::text[]`);

/**
 * The whole caseload's reasons in ONE statement (docs/product/feedback-and-progress.md#needs-attention,
 * docs/product/operations.md#performance-targets): the clients in scope with their today, each code's reasons read
 * through the indexes (attention-reasons.repository.ts), the list shaped and ranked worst first in PostgreSQL (the
 * ATTENTION_LIST_MAX most urgent), and the request's audit row (the clients listed) written by the same statement.
 */
export function attentionListSql(kind: AttentionListKind): SQL {
  // A zone PostgreSQL does not know would fail the statement: each distinct zone of the caseload is checked once
  // against the known list (a handful, not one check per client), and any other counts as UTC.
  return sql`with scoped as materialized (
        select u.id, u.first_name, u.last_name, u.created_at, u.last_sign_in_at, u.notification_timezone
        from client_profiles cp
        cross join lateral (
          select u.id, u.first_name, u.last_name, u.created_at, u.last_sign_in_at, u.notification_timezone
          from users u where u.id = cp.user_id and u.is_active and not u.is_staff and not u.is_therapist and not u.is_carer
          ${PER_CLIENT}
        ) u
        where ${scopeWhere[kind]}
      ),
      used_zones as materialized (select distinct s.notification_timezone as name from scoped s),
      zones as (select z.name from used_zones z where z.name = any(${sql.placeholder('zones')}::text[])),
      c as materialized (
        select s.id, s.first_name, s.last_name, s.created_at, s.last_sign_in_at, coalesce(z.name, 'UTC') as zone,
          (${sql.placeholder('now')}::timestamptz at time zone coalesce(z.name, 'UTC'))::date as today,
          ${reviewColumnNames}
        from scoped s left join zones z on z.name = s.notification_timezone
        ${reviewColumnsSql(sql`s.id`)}
      ),
      ${reasonsSql},
      items as (
        select c.id as client_id, c.last_name || ', ' || c.first_name as name, c.first_name, c.last_name,
          json_agg(json_build_object('code', r.code, 'since', r.since::text, 'detail', json_build_object(
            'program_id', r.program_id,
            'program_name', (select p.name from programs p where p.id = r.program_id),
            'exercise_id', r.exercise_id,
            'exercise_name', (select e.name from exercises e where e.id = r.exercise_id),
            'date', r.date::text, 'value', r.value, 'previous', r.previous,
            'days', r.days, 'instrument', r.instrument)) order by array_position(${codeOrder}, r.code)) as reasons,
          min(array_position(${codeOrder}, r.code)) as worst, count(*) as reason_count, max(r.since) as latest
        from reasons r
        join c on c.id = r.client_id
        group by c.id, c.first_name, c.last_name
      ),
      listed as materialized (
        select client_id, name, reasons, row_number() over (
          order by worst, reason_count desc, latest desc, lower(last_name), lower(first_name), client_id) as position
        from items
        order by position
        limit ${ATTENTION_LIST_MAX}
      ),
      audit as (${auditInsertSql(
        {
          actorId: sql.placeholder('caller_id'),
          action: 'read',
          entity: 'client',
          correlationId: sql.placeholder('correlation_id'),
          details: { view: 'attention' },
          readOnlyWork: true,
        },
        { from: sql`listed`, id: sql`w.client_id` },
      )})
      select client_id, name, reasons from listed order by position`;
}

const listStatement = (kind: AttentionListKind) =>
  preparedStatement<AttentionRow>(`attention_list_${kind}`, () => attentionListSql(kind));

const listStatements: Record<AttentionListKind, ReturnType<typeof listStatement>> = {
  all: listStatement('all'),
  team: listStatement('team'),
};

export interface AttentionListValues {
  now: Date;
  /** The time zones this PostgreSQL knows (knownZones): any other counts as UTC instead of failing the list. */
  zones: string[];
  clinicId: number | null;
  therapistId: number | null;
  callerId: number;
  correlationId: string;
}

/** The statement's placeholder values (the bench's bare route binds the same). */
export const attentionListValues = (v: AttentionListValues) => ({
  now: v.now.toISOString(),
  zones: v.zones,
  clinic_id: v.clinicId,
  therapist_id: v.therapistId,
  caller_id: v.callerId,
  correlation_id: v.correlationId,
});

export function findAttentionList(db: Db, kind: AttentionListKind, v: AttentionListValues) {
  return listStatements[kind](db, attentionListValues(v));
}

/**
 * The audit row of a list served from the node's cache (attention-cache.ts): the same row the list statement writes
 * (the clients listed), on its own, its commit not waiting for the disk as the statement's does not.
 */
export const auditKeptAttentionList = preparedStatement<never>('attention_list_kept_audit', () =>
  auditInsertSql(
    {
      actorId: sql.placeholder('caller_id'),
      action: 'read',
      entity: 'client',
      correlationId: sql.placeholder('correlation_id'),
      details: { view: 'attention' },
      readOnlyWork: true,
    },
    {
      from: sql`(select unnest(${sql.placeholder('client_ids')}::integer[]) as client_id)`,
      id: sql`w.client_id`,
    },
  ),
);

/**
 * Marks the client's reasons reviewed now by the caller (one row per code, replacing an earlier review) and writes
 * the request's audit row in the same statement.
 */
export async function upsertReviews(
  db: Db,
  input: {
    clientId: number;
    codes: TAttentionCode[];
    reviewedById: number;
    now: Date;
    correlationId: string;
  },
): Promise<void> {
  const rows = input.codes.map(
    (code) =>
      sql`(${input.clientId}::integer, ${code}, ${input.now.toISOString()}::timestamptz, ${input.reviewedById}::integer)`,
  );
  await db.execute(sql`with saved as (
      insert into attention_reviews (client_id, code, reviewed_at, reviewed_by_id) values ${sql.join(rows, sql`, `)}
      on conflict (client_id, code) do update
        set reviewed_at = excluded.reviewed_at, reviewed_by_id = excluded.reviewed_by_id
      returning client_id
    ), audit as (${auditInsertSql(
      {
        actorId: input.reviewedById,
        action: 'update',
        entity: 'client',
        correlationId: input.correlationId,
        details: { change: 'attention_reviewed' },
      },
      { from: sql`saved`, id: sql`w.client_id`, subject: sql`w.client_id` },
    )})
    select count(*) from saved`);
}

/**
 * The Undo of a review: forgets the client's reviews of `codes` (shown again as if never reviewed) and writes the
 * request's audit row in the same statement, also when there was nothing to forget.
 */
export async function deleteReviews(
  db: Db,
  input: { clientId: number; codes: TAttentionCode[]; actorId: number; correlationId: string },
): Promise<void> {
  const codes = sql`array[${sql.join(
    input.codes.map((code) => sql`${code}`),
    sql`, `,
  )}]::text[]`;
  await db.execute(sql`with removed as (
      delete from attention_reviews where client_id = ${input.clientId}::integer and code = any(${codes})
      returning client_id
    ), audit as (${auditInsertSql(
      {
        actorId: input.actorId,
        action: 'update',
        entity: 'client',
        correlationId: input.correlationId,
        details: { change: 'attention_review_undone', codes: input.codes },
        subjectUserId: input.clientId,
      },
      { from: sql`removed`, id: sql`w.client_id` },
    )})
    select count(*) from removed`);
}
