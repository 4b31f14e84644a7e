import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/*
 * The audit row as SQL that other modules' statements build on: the audit module's repository and service write
 * through these, and a repository that writes its work and the audit row together (one statement, or one
 * transaction) uses them directly (docs/decisions/012-audit-chain.md).
 */

export interface AuditEntry {
  actorId: number | null;
  action:
    | 'read'
    | 'create'
    | 'update'
    | 'delete'
    | 'login'
    | 'logout'
    | 'deactivate'
    | 'erase'
    | 'password_reset'
    | 'terms';
  /** The kind of record the action touched (`target_type`). */
  entity: string;
  /** Every record of that kind the request touched (`target_ids`); empty when none or not one kind of record. */
  entityIds: number[];
  /** The one user the records are about; null when none or several (see auditEntries). */
  subjectUserId?: number | null;
  /** 'ok' unless told otherwise. */
  outcome?: string;
  correlationId?: string | null;
  details?: Record<string, unknown> | null;
}

const COLUMNS = sql.raw(
  'actor_id, action, target_type, target_ids, subject_user_id, outcome, correlation_id, details',
);

/** A bigint[] literal: one text parameter, the same on node-postgres and PGlite. */
const idsLiteral = (ids: readonly number[]) => `{${ids.join(',')}}`;
const detailsParam = (details: AuditEntry['details']) => (details ? JSON.stringify(details) : null);

/** A value of the statement: a plain value, or SQL / `sql.placeholder` for one given when a prepared statement runs. */
type SqlValue<T> = T | SQLWrapper;
const isSql = (value: unknown): value is SQLWrapper =>
  typeof value === 'object' && value !== null && 'getSQL' in value;

/**
 * `insert into audit_log ... values ...`: one row per entry (at least one). The chain columns (chain_id, seq,
 * prev_hash, hash) are filled by the audit_log_chain trigger (audit-chain.sql.ts).
 */
export function auditRowsInsertSql(entries: readonly AuditEntry[]): SQL {
  const rows = entries.map((entry) => {
    const values = auditRowValues(entry);
    return rowSql((name) => sql`${values[name]}`);
  });
  return sql`insert into audit_log (${COLUMNS}) values ${sql.join(rows, sql`, `)}`;
}

/** An entry's values, by the names rowSql gives them. */
export function auditRowValues(e: AuditEntry): Record<AuditValueName, unknown> {
  return {
    actor: e.actorId,
    action: e.action,
    entity: e.entity,
    ids: idsLiteral(e.entityIds),
    subject: e.subjectUserId ?? null,
    outcome: e.outcome ?? 'ok',
    correlation: e.correlationId ?? null,
    details: detailsParam(e.details),
  };
}

type AuditValueName =
  'actor' | 'action' | 'entity' | 'ids' | 'subject' | 'outcome' | 'correlation' | 'details';

/** One row's values, each as `value(name)` gives it: a parameter, or a placeholder of a prepared statement. */
const rowSql = (value: (name: AuditValueName) => SQLWrapper) =>
  sql`(${value('actor')}::integer, ${value('action')}, ${value('entity')}, ${value('ids')}::bigint[],
        ${value('subject')}::integer, ${value('outcome')}, ${value('correlation')}, ${value('details')}::jsonb)`;

/** `(columns) values (one row)` with the row's values as `value(name)` gives them. */
export const auditRowValuesSql = (value: (name: AuditValueName) => SQLWrapper) =>
  sql`(${COLUMNS}) values ${rowSql(value)}`;

/** Where the ids (and, optionally, the subject and outcome) of an audit row written with the work come from. */
export interface AuditSource {
  /** A relation the statement defines before the audit CTE (a CTE name), read as `w`. */
  from: SQL;
  /** An expression over `w` giving each record's id; nulls (a left join that found nothing) are left out. */
  id: SQL;
  /** An expression over `w` giving each record's user; the row's subject when there is exactly one. */
  subject?: SQL;
  /** The outcome as an aggregate over `w`, e.g. `case when count(w.id) = 0 then 'not_found' else 'ok' end`. */
  outcome?: SQL;
}

/**
 * `insert into audit_log ... select ... from <source>`: the body of a data-modifying CTE, so that the audit row is
 * written by the same statement (one round trip) as the work it records. Every value is a parameter or a
 * placeholder (`sql.placeholder`), so the statement can be prepared once under a name.
 */
export function auditInsertSql(
  entry: {
    actorId: SqlValue<number | null>;
    action: SqlValue<AuditEntry['action']>;
    entity: string;
    correlationId: SqlValue<string | null>;
    /** An object, or SQL (a placeholder holding its JSON text, or an expression) giving jsonb. */
    details?: SqlValue<Record<string, unknown> | null>;
    /** The row's subject when the source does not give it by record. */
    subjectUserId?: SqlValue<number | null>;
    /**
     * The statement is a read run as its own transaction, and this row is all it writes: its commit need not wait
     * for the disk (decision 012). Never for a statement that changes data or runs inside a transaction that does.
     */
    readOnlyWork?: boolean;
  },
  source: AuditSource,
): SQL {
  const subject = source.subject
    ? sql`case when count(distinct ${source.subject}) = 1 then min(${source.subject}) end`
    : sql`(${entry.subjectUserId ?? null})::integer`;
  const details = isSql(entry.details)
    ? sql`(${entry.details})::jsonb`
    : sql`${detailsParam(entry.details)}::jsonb`;
  const allDetails = source.subject
    ? sql`case when count(distinct ${source.subject}) > 1 then coalesce(${details}, '{}') || jsonb_build_object(
        'subject_user_ids', array_agg(distinct ${source.subject}) filter (where ${source.subject} is not null))
        else ${details} end`
    : details;
  // The chain's head row stays locked until commit, so a commit that waits for the disk holds every other writer of
  // that clinic back. An aggregate without GROUP BY gives exactly one row: this runs once, even when the work found
  // nothing.
  const action = entry.readOnlyWork
    ? sql`case when set_config('synchronous_commit', 'off', true) = 'off' then ${entry.action}::text end`
    : sql`${entry.action}::text`;
  return sql`insert into audit_log (${COLUMNS})
    select ${entry.actorId}::integer, ${action}, ${entry.entity},
      coalesce(array_agg(distinct ${source.id}::bigint) filter (where ${source.id} is not null), '{}'),
      ${subject}, ${source.outcome ?? sql`'ok'`}, ${entry.correlationId ?? null}::text, ${allDetails}
    from ${source.from} w`;
}
