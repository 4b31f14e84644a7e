import type { z } from 'zod';
import { STAFF_TEXTS } from '@hep/shared/texts/staff';
import type { TUserListItem, ZAddTherapist } from '@hep/shared/schemas/staff';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { badRequest, notFound } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { clinicExists } from '../clinics/clinics.service';
import { assertEmailFree } from '../users/users.service';
import { deactivateUsersById, findExistingUserIds, listUsersForStaff } from './staff.repository';
import { createTherapists } from './therapist-accounts';

export const CANNOT_DEACTIVATE_SELF = /*i18n*/ 'You cannot deactivate your own account.';
export const CHOOSE_CLINIC = /*i18n*/ 'Choose a clinic.';

/** Manage Users: everyone, active or not, sorted by last then first name. The list read is audited once. */
export async function listUsers(
  ctx: AppContext,
  caller: Caller,
  meta: Pick<RequestMeta, 'correlationId'>,
): Promise<TUserListItem[]> {
  const rows = await listUsersForStaff(ctx.db);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'read', { entity: 'user_list', ids: [] }, meta, { count: rows.length }),
  );
  return rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    is_staff: r.isStaff,
    is_therapist: r.isTherapist,
    is_active: r.isActive,
    is_client: r.isClient,
    is_carer: r.isCarer,
    discipline: r.discipline,
    clinic: r.clinic,
  }));
}

/**
 * Deactivates every listed user or none: an id that does not exist answers 404 and changes nothing, and staff
 * cannot lock themselves out.
 */
export async function deactivateUsers(
  ctx: AppContext,
  caller: Caller,
  input: { userIds: number[] },
  meta: Pick<RequestMeta, 'correlationId'>,
) {
  const ids = [...new Set(input.userIds)];
  if (ids.includes(caller.id)) throw badRequest(CANNOT_DEACTIVATE_SELF, { userIds: CANNOT_DEACTIVATE_SELF });
  const existing = await findExistingUserIds(ctx.db, ids);
  if (existing.length !== ids.length) throw notFound();
  const deactivated = await deactivateUsersById(
    ctx.db,
    ids,
    auditEntries(caller, 'deactivate', { entity: 'user', ids, subjectUserId: (i) => ids[i]! }, meta),
  );
  return { message: STAFF_TEXTS.usersDeactivated, deactivated };
}

export async function addTherapist(
  ctx: AppContext,
  caller: Caller,
  input: z.output<typeof ZAddTherapist>,
  meta: RequestMeta,
) {
  const clinicId = input.clinic_id;
  if (!(await clinicExists(ctx, clinicId))) throw badRequest(CHOOSE_CLINIC, { clinic_id: CHOOSE_CLINIC });
  await assertEmailFree(ctx, input.email);
  const created = await createTherapists(
    ctx,
    caller,
    [
      {
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        discipline: input.discipline,
        clinicId,
      },
    ],
    meta,
  );
  return { message: STAFF_TEXTS.therapistAdded, created };
}
