import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../context';

/**
 * Design 10.3 and 10.4: whose clinic-owned item (a library exercise or a template, the row `alias`) the caller
 * sees. Staff see all; a therapist sees their clinic's, or, without a clinic, the ones they made themselves;
 * clients see none. Starter library items are not clinic-owned: the library adds them to what a therapist sees.
 */
export function clinicOwnedVisibleSql(alias: string, caller: Caller): SQL {
  const a = sql.raw(alias);
  if (caller.isStaff) return sql`true`;
  if (!caller.isTherapist) return sql`false`;
  return caller.clinicId === null
    ? sql`(${a}.clinic_id is null and ${a}.created_by_id = ${caller.id})`
    : sql`${a}.clinic_id = ${caller.clinicId}`;
}
