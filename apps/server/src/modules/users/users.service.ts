import { isUniqueViolation } from '../../lib/unique-violation';
import { MESSAGES } from '@hep/shared/messages';
import type { TPatchUser, TUpdateUser, TUserDetail } from '@hep/shared/schemas/users';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict, notFound } from '../../lib/app-error';
import { writeAudit } from '../audit/audit.service';
import { canEditUser, canViewUser, isClientAccount, userScopeFactsOf } from './users.policy';
import {
  emailTaken,
  findPublishedProgramSummaries,
  findUserDetail,
  type UserDetailRow,
  updateUserFields,
} from './users.repository';

type ProgramSummaryRow = Awaited<ReturnType<typeof findPublishedProgramSummaries>>[number];

function toDetail(row: UserDetailRow, programs: ProgramSummaryRow[]): TUserDetail {
  const u = row.user;
  const isClient = isClientAccount(u);
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    mobile: u.mobile,
    date_of_birth: u.dateOfBirth,
    is_staff: u.isStaff,
    is_therapist: u.isTherapist,
    is_active: u.isActive,
    agreed_to_terms: u.agreedToTerms,
    receives_sms: u.receivesSms,
    receives_email: u.receivesEmail,
    receives_notifications: u.receivesNotifications,
    notification_preferred_time: u.notificationPreferredTime?.slice(0, 5) ?? null,
    notification_timezone: u.notificationTimezone,
    condition: row.condition,
    client_profile: row.hasClientProfile ? { condition: row.condition } : null,
    therapist_profile:
      row.discipline !== null
        ? { discipline: row.discipline, clinic_name: row.clinicName, clinic_id: row.therapistClinicId }
        : null,
    ...(isClient
      ? {
          programs: programs.map((p) => ({
            id: p.id,
            name: p.name,
            start_date: p.startDate,
            end_date: p.endDate,
          })),
        }
      : {}),
  };
}

/** The profile as the API shows it; a client's carries their published programs (one more query). */
async function detailOf(ctx: AppContext, row: UserDetailRow): Promise<TUserDetail> {
  return toDetail(
    row,
    isClientAccount(row.user) ? await findPublishedProgramSummaries(ctx.db, row.user.id) : [],
  );
}

async function loadInScope(ctx: AppContext, caller: Caller, id: number, mode: 'view' | 'edit') {
  const row = await findUserDetail(ctx.db, id);
  if (!row || !canViewUser(caller, userScopeFactsOf(row))) throw notFound();
  if (mode === 'edit' && !canEditUser(caller, userScopeFactsOf(row))) throw notFound();
  return row;
}

const audit = (
  ctx: AppContext,
  caller: Caller,
  id: number,
  action: 'read' | 'update',
  meta: RequestMeta,
  fields?: string[],
) =>
  writeAudit(ctx.db, {
    actorId: caller.id,
    action,
    entity: 'user',
    entityId: id,
    subjectUserId: id,
    correlationId: meta.correlationId,
    ...(fields ? { details: { fields } } : {}),
  });

export async function getUser(
  ctx: AppContext,
  caller: Caller,
  id: number,
  meta: RequestMeta,
): Promise<TUserDetail> {
  const row = await loadInScope(ctx, caller, id, 'view');
  await audit(ctx, caller, id, 'read', meta);
  return detailOf(ctx, row);
}

export async function updateUser(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: {
    email: string;
    first_name: string;
    last_name: string;
    mobile: string;
    date_of_birth: string | null;
  },
  meta: RequestMeta,
): Promise<TUserDetail> {
  await loadInScope(ctx, caller, id, 'edit');
  const taken = () => conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });
  if (await emailTaken(ctx.db, input.email, id)) throw taken();
  try {
    await updateUserFields(ctx.db, id, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      mobile: input.mobile,
      dateOfBirth: input.date_of_birth,
    });
  } catch (error) {
    // Another request took the address between the check and the update.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await audit(ctx, caller, id, 'update', meta, Object.keys(input));
  return detailOf(ctx, (await findUserDetail(ctx.db, id))!);
}

export async function patchUser(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: TPatchUser,
  meta: RequestMeta,
): Promise<TUserDetail> {
  await loadInScope(ctx, caller, id, 'edit');
  await updateUserFields(ctx.db, id, {
    ...(input.receives_notifications !== undefined
      ? { receivesNotifications: input.receives_notifications }
      : {}),
    ...(input.notification_timezone !== undefined
      ? { notificationTimezone: input.notification_timezone }
      : {}),
    ...(input.notification_preferred_time !== undefined
      ? { notificationPreferredTime: input.notification_preferred_time }
      : {}),
  });
  await audit(ctx, caller, id, 'update', meta, Object.keys(input));
  return detailOf(ctx, (await findUserDetail(ctx.db, id))!);
}
export type { TUpdateUser };
