import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/audit';

export interface AuditEntry {
  actorId: number | null;
  action:
    'read' | 'create' | 'update' | 'delete' | 'login' | 'logout' | 'deactivate' | 'password_reset' | 'terms';
  entity: string;
  entityId?: string | number | null;
  subjectUserId?: number | null;
  correlationId?: string | null;
  details?: Record<string, unknown>;
}

export async function insertAuditEntries(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(auditLog).values(
    entries.map((e) => ({
      actorId: e.actorId,
      action: e.action,
      entity: e.entity,
      entityId: e.entityId == null ? null : String(e.entityId),
      subjectUserId: e.subjectUserId ?? null,
      correlationId: e.correlationId ?? null,
      details: e.details ?? null,
    })),
  );
}
