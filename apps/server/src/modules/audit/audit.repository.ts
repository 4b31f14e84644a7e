import type { Db } from '../../db/client';
import { type AuditEntry, auditRowsInsertSql } from './audit.sql';

export async function insertAuditEntries(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.execute(auditRowsInsertSql(entries));
}
