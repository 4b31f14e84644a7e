import type { Caller } from '../../context';
import type { Db } from '../../db/client';
import type { DeniedTarget } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { insertAuditEntries } from './audit.repository';
import type { AuditEntry, AuditSource } from './audit.sql';

export type { AuditEntry, AuditSource };

/**
 * The audit log holds one row per request (docs/decisions/012-audit-chain.md): who (actor_id) did what (action) to
 * which records (target_type, target_ids), about whom (subject_user_id), with what outcome, under which request
 * (correlation_id). A trigger puts each row in its clinic's chain and links it by hash to the one before
 * (docs/decisions/031-audit-chains-per-clinic.md); `npm run cli -- audit verify` checks every chain.
 *
 * Two ways to write a row:
 * - `writeAudit(db, auditEntries(...))` after the work, as its own statement (or inside the work's transaction);
 * - `auditInsertSql(entry, source)` of audit.sql.ts inside the work's own statement, as a data-modifying CTE that
 *   reads the ids the work produced, so that the row costs no extra round trip:
 *     with work as (select ...), audit as (<auditInsertSql(..., { from: sql`work`, id: sql`w.id` })>)
 *     select ... from work
 *   A data-modifying CTE always runs to completion, whether or not the main query reads it. The statement holds
 *   its chain's head row (its clinic's) locked until its transaction commits, so keep such statements short (no
 *   transaction around a slow step after them).
 */

/** The records one audited action touched. */
interface AuditedRecords {
  entity: string;
  /**
   * The records' ids; an empty list still records the action (a read that found nothing,
   * docs/product/security-and-privacy.md#audit-log).
   */
  ids: (string | number | null)[];
  /** The user each record is about (a client for their programs or feedback), by record, or one for all. */
  subjectUserId?: number | null | ((index: number) => number | null);
}

function subjectsOf(records: AuditedRecords): (number | null)[] {
  const subject = records.subjectUserId;
  if (typeof subject !== 'function') return [subject ?? null];
  return [...new Set(records.ids.map((_, index) => subject(index)))];
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The one mapper from who did what to which records into the request's ONE audit entry (in a list of one, so
 * that callers passing entries on keep their types). When the records are about several users the row's
 * subject_user_id is null and the users are in target_ids (when the targets are those users) or else in
 * details.subject_user_ids. Details never hold health data.
 */
export function auditEntries(
  actor: Pick<Caller, 'id'> | null,
  action: AuditEntry['action'],
  records: AuditedRecords,
  meta: Pick<RequestMeta, 'correlationId'> | null,
  details?: Record<string, unknown>,
  outcome?: string,
): [AuditEntry] {
  const entityIds = [...new Set(records.ids.filter((id) => id !== null).map(Number))];
  if (entityIds.some((id) => !Number.isSafeInteger(id))) throw new Error('Audit ids must be integers.');
  const subjects = subjectsOf(records).filter((id): id is number => id !== null);
  const several = subjects.length > 1 && !sameSet(subjects, entityIds);
  return [
    {
      actorId: actor?.id ?? null,
      action,
      entity: records.entity,
      entityIds,
      subjectUserId: subjects.length === 1 ? subjects[0]! : null,
      correlationId: meta?.correlationId ?? null,
      ...(outcome ? { outcome } : {}),
      ...(details || several
        ? { details: { ...details, ...(several ? { subject_user_ids: subjects } : {}) } }
        : {}),
    },
  ];
}

/** Writes the request's audit row (each entry given is one row; auditEntries gives one). */
export async function writeAudit(db: Db, entry: AuditEntry | AuditEntry[]): Promise<void> {
  await insertAuditEntries(db, Array.isArray(entry) ? entry : [entry]);
}

const ACTION_OF_METHOD: Record<string, AuditEntry['action']> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * The audit row of a request a scope check refused (an `outOfScope` 404): the attempted action (by HTTP method) on
 * the record, with outcome `denied`, in the caller's clinic's chain (docs/product/security-and-privacy.md#audit-log).
 * Details name the route's pattern only, never a value the caller sent.
 */
export async function auditDeniedAttempt(
  db: Db,
  caller: Pick<Caller, 'id'> | null,
  target: DeniedTarget,
  request: { method: string; route: string | null; meta: Pick<RequestMeta, 'correlationId'> },
): Promise<void> {
  await writeAudit(
    db,
    auditEntries(
      caller,
      ACTION_OF_METHOD[request.method] ?? 'read',
      { entity: target.entity, ids: [target.id], subjectUserId: target.subjectUserId ?? null },
      request.meta,
      { method: request.method, ...(request.route ? { route: request.route } : {}) },
      'denied',
    ),
  );
}
