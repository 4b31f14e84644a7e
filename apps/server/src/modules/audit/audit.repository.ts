import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../lib/prepared-sql';
import { type AuditEntry, auditRowsInsertSql, auditRowValues, auditRowValuesSql } from './audit.sql';

/** One row, the usual case: prepared once, so that a request's audit row builds no SQL. */
const insertOne = preparedStatement(
  'audit_insert_one',
  () => sql`insert into audit_log ${auditRowValuesSql((name) => sql.placeholder(name))}`,
);

export async function insertAuditEntries(db: Db, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 1) await insertOne(db, auditRowValues(entries[0]!));
  else if (entries.length > 1) await db.execute(auditRowsInsertSql(entries));
}
