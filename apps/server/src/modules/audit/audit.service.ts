import type { Caller } from '../../context';
import type { Db } from '../../db/client';
import type { RequestMeta } from '../../lib/request-meta';
import { type AuditEntry, insertAuditEntries } from './audit.repository';

export type { AuditEntry };

/** The records one audited action touched: each becomes one entry about the same kind of record. */
interface AuditedRecords {
  entity: string;
  /** The records' ids; an empty list still records the action (a read that found nothing, design 7.9). */
  ids: (string | number | null)[];
  /** The user each record is about (a client for their programs or feedback), by record, or one for all. */
  subjectUserId?: number | null | ((index: number) => number | null);
}

/** The one mapper from who did what to which records into audit entries. Details never hold health data. */
export function auditEntries(
  actor: Pick<Caller, 'id'> | null,
  action: AuditEntry['action'],
  records: AuditedRecords,
  meta: Pick<RequestMeta, 'correlationId'> | null,
  details?: Record<string, unknown>,
): AuditEntry[] {
  const ids = records.ids.length ? records.ids : [null];
  return ids.map((entityId, index) => ({
    actorId: actor?.id ?? null,
    action,
    entity: records.entity,
    entityId,
    subjectUserId:
      typeof records.subjectUserId === 'function'
        ? records.subjectUserId(index)
        : (records.subjectUserId ?? null),
    correlationId: meta?.correlationId ?? null,
    ...(details ? { details } : {}),
  }));
}

/** The one helper every module uses to record who read or changed which record. */
export async function writeAudit(db: Db, entry: AuditEntry | AuditEntry[]): Promise<void> {
  await insertAuditEntries(db, Array.isArray(entry) ? entry : [entry]);
}
