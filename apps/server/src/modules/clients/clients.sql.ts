import { sql, type SQL } from 'drizzle-orm';

/**
 * clients.policy canManageClient as a condition on the user `u` and their client profile `cp`, for the statements
 * that check it inside their own work: a client account that staff see, or that is of the therapist's clinic or was
 * created by them (docs/product/clients.md#scope). The caller comes from the placeholders that programs.access
 * `auditedCallerValues` fills.
 */
export const clientManagedSql = (
  u: SQL,
  cp: SQL,
): SQL => sql`(not ${u}.is_staff and not ${u}.is_therapist and not ${u}.is_carer and (
  ${sql.placeholder('caller_staff')}::boolean
  or (${sql.placeholder('caller_therapist')}::boolean
    and (${cp}.created_by_id = ${sql.placeholder('caller_id')}::integer
      or ${cp}.clinic_id = ${sql.placeholder('caller_clinic')}::integer))))`;
