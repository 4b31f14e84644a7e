import { isUniqueViolation } from '../../lib/unique-violation';
import { MESSAGES } from '@hep/shared/messages';
import type { TPatchUser, TUserDetail } from '@hep/shared/schemas/users';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict, notFound } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { canEditUser, canViewUser, isClientAccount, userScopeFactsOf } from './users.policy';
import {
  bumpSessionVersion,
  emailTaken,
  findCaller,
  findPublishedProgramSummaries,
  findUserByEmail,
  findUserDetail,
  insertUser,
  type NewUser,
  type UserDetailRow,
  updateUserFields,
} from './users.repository';

export type { UserDetailRow };

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
  writeAudit(
    ctx.db,
    auditEntries(
      caller,
      action,
      { entity: 'user', ids: [id], subjectUserId: id },
      meta,
      fields && { fields },
    ),
  );

/** 409 on the form's email field: the address belongs to another account. */
const emailTakenError = () => conflict(MESSAGES.emailTaken, { email: MESSAGES.emailTaken });

/** Whether an account other than `exceptUserId` uses the address, in any letter case. */
export const isEmailTaken = (ctx: AppContext, email: string, exceptUserId?: number) =>
  emailTaken(ctx.db, email, exceptUserId);

/** 409 when an account other than `exceptUserId` already uses the address. */
export async function assertEmailFree(ctx: AppContext, email: string, exceptUserId?: number): Promise<void> {
  if (await isEmailTaken(ctx, email, exceptUserId)) throw emailTakenError();
}

/**
 * Runs a write that sets email addresses checked free just before: should a racing request take one in between,
 * the unique index refuses the write and the caller gets the same 409 as from the check.
 */
export async function guardEmailRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
}

/** Checks that no other account uses the address, then runs the write that sets it (race included: 409). */
export async function saveWithFreeEmail<T>(
  ctx: AppContext,
  email: string,
  exceptUserId: number | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await assertEmailFree(ctx, email, exceptUserId);
  return guardEmailRace(write);
}

/** Creates a user and its profile; 409 when the address is taken. Returns the new id. */
export const createUser = (ctx: AppContext, input: NewUser): Promise<number> =>
  saveWithFreeEmail(ctx, input.email, undefined, () => insertUser(ctx.db, input));

/** The account behind a sign-in or reset form, by address in any letter case; null when there is none. */
export const findAccountByEmail = (ctx: AppContext, email: string) => findUserByEmail(ctx.db, email);

/** What a session needs of its user (active, session version, roles, clinic); null when the user is gone. */
export const findSessionUser = (ctx: AppContext, id: number) => findCaller(ctx.db, id);

/** Outstanding access tokens of the user are refused from now on (their session version moves on). */
export const revokeAccessTokens = (ctx: AppContext, id: number) => bumpSessionVersion(ctx.db, id);

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
  await saveWithFreeEmail(ctx, input.email, id, () =>
    updateUserFields(ctx.db, id, {
      email: input.email,
      firstName: input.first_name,
      lastName: input.last_name,
      mobile: input.mobile,
      dateOfBirth: input.date_of_birth,
    }),
  );
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

/** A user with both optional profiles, for another module's scope checks (no audit: the caller's use case audits). */
export const findUserDetailById = (ctx: AppContext, id: number) => findUserDetail(ctx.db, id);
