import { sql, type SQL } from 'drizzle-orm';

/** What the rule needs of the caller (a `Caller` fits). */
interface ClinicOwnedViewer {
  id: number;
  isStaff: boolean;
  isTherapist: boolean;
  clinicId: number | null;
}

/**
 * Whose clinic-owned item (a library exercise or a template, the row `alias`) the caller sees
 * (docs/product/library-and-templates.md). Staff see all; a therapist sees their clinic's, or, without a clinic,
 * the ones they made themselves; clients see none. Starter library items are not clinic-owned: the library adds
 * them to what a therapist sees.
 */
export function clinicOwnedVisibleSql(alias: string, caller: ClinicOwnedViewer): SQL {
  const a = sql.raw(alias);
  if (caller.isStaff) return sql`true`;
  if (!caller.isTherapist) return sql`false`;
  return caller.clinicId === null
    ? sql`(${a}.clinic_id is null and ${a}.created_by_id = ${caller.id})`
    : sql`${a}.clinic_id = ${caller.clinicId}`;
}

/**
 * Which library exercises (the row `alias`) the caller sees (docs/product/library-and-templates.md#exercise-library):
 * the starter library plus the clinic's own items, for the care team and staff; nothing for anyone else.
 */
export function libraryVisibleSql(alias: string, caller: ClinicOwnedViewer): SQL {
  if (!caller.isStaff && !caller.isTherapist) return sql`false`;
  return sql`(${sql.raw(alias)}.starter_key is not null or ${clinicOwnedVisibleSql(alias, caller)})`;
}
