import { isUniqueViolation } from '../../lib/unique-violation';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { normalizeEmail } from '@hep/shared/domain/email';
import type {
  TPatchUser,
  TUpdateUserBody,
  TUpdateUserResponse,
  TUserDetail,
} from '@hep/shared/schemas/users';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { conflict, notFound, outOfScope } from '../../lib/app-error';
import { inTransaction } from '../../lib/transaction';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { endAllSessions, verifyCurrentPassword } from '../auth/credentials.service';
import { cancelEmailChange, sendEmailChangeLink, tellOldAddress } from '../auth/email-change.service';
import { carerMayRead, carerViewerOf } from '../carers/carers.policy';
import { canEditUser, canViewUser, isClientAccount, userScopeFactsOf } from './users.policy';
import {
  emailTaken,
  findCaller,
  findPublishedProgramSummaries,
  findUserByEmail,
  findUserDetail,
  insertUser,
  listenForCallerChanges,
  type NewUser,
  type UserDetailRow,
  updateUserFields,
} from './users.repository';

export type { NewUser, UserDetailRow };

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
    is_carer: u.isCarer,
    is_active: u.isActive,
    agreed_to_terms: u.agreedToTerms,
    receives_sms: u.receivesSms,
    receives_email: u.receivesEmail,
    receives_notifications: u.receivesNotifications,
    notification_preferred_time: u.notificationPreferredTime?.slice(0, 5) ?? null,
    notification_timezone: u.notificationTimezone,
    language: u.language,
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

/** A carer reads the profile of a client they hold a live link to (docs/product/carers.md#scope). */
const carerReads = (row: UserDetailRow) =>
  row.hasClientProfile && isClientAccount(row.user) && carerMayRead(row.carerAccess);

async function loadInScope(ctx: AppContext, caller: Caller, id: number, mode: 'view' | 'edit') {
  const row = await findUserDetail(ctx.db, id, carerViewerOf(caller, ctx.now()));
  if (!row) throw notFound();
  const viewable = canViewUser(caller, userScopeFactsOf(row)) || (mode === 'view' && carerReads(row));
  // Out of scope: the same 404, audited as a denied attempt.
  const denied = () => outOfScope({ entity: 'user', id, subjectUserId: id });
  if (!viewable) throw denied();
  if (mode === 'edit' && !canEditUser(caller, userScopeFactsOf(row))) throw denied();
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
const emailTakenError = () => conflict(AUTH_TEXTS.emailTaken, { email: AUTH_TEXTS.emailTaken });

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

/**
 * What a session needs of its user (active, session version, roles, clinic) and, given the access token's session
 * id, whether that session is still open; null when the user is gone.
 */
export const findSessionUser = (ctx: AppContext, id: number, sessionId?: string) =>
  findCaller(ctx.db, id, sessionId);
export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;

/**
 * Hears, from the database on commit, of each change to what findSessionUser reads: the user's id, or 'all'.
 * `onListening(false)` says changes may go unheard until it is called with true again. Null when this database
 * handle cannot listen.
 */
export function listenForSessionUserChanges(
  ctx: AppContext,
  handlers: { onChanged(userId: number | 'all'): void; onListening(listening: boolean): void },
) {
  return listenForCallerChanges(ctx.db, {
    onNotification: (payload) => {
      const userId = Number(payload);
      handlers.onChanged(payload !== '' && Number.isInteger(userId) ? userId : 'all');
    },
    onListening: handlers.onListening,
  });
}

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

/**
 * Whether saving `newEmail` over `currentEmail` changes the address. Letter case alone does not: addresses are
 * unique and signed in with in any case, so that edit is saved as it is, without the rules below.
 */
const isEmailChange = (currentEmail: string, newEmail: string) =>
  normalizeEmail(currentEmail) !== normalizeEmail(newEmail);

/** Which rule of decision 011 an email edit falls under; null when the address stays. */
export function emailChangeKind(
  caller: Caller,
  account: { id: number; email: string; passwordHash: string | null },
  newEmail: string,
): 'own' | 'confirm' | 'at_once' | null {
  if (!isEmailChange(account.email, newEmail)) return null;
  if (caller.id === account.id) return 'own';
  return account.passwordHash !== null ? 'confirm' : 'at_once';
}

/**
 * Edit Profile. A change of the email (decision 011):
 * - of one's own account needs the current password; it takes effect at once, ends every session of the user
 *   (the web app then signs out) and is told to the old address;
 * - of another, activated account (staff) only sends a confirmation link to the new address: the other fields
 *   save, and the email changes when the link is used;
 * - of an account not yet activated (no password, no session) takes effect at once.
 */
export async function updateUser(
  ctx: AppContext,
  caller: Caller,
  id: number,
  input: TUpdateUserBody,
  meta: RequestMeta,
): Promise<TUpdateUserResponse> {
  const before = (await loadInScope(ctx, caller, id, 'edit')).user;
  const fields = {
    firstName: input.first_name,
    lastName: input.last_name,
    mobile: input.mobile,
    dateOfBirth: input.date_of_birth,
    ...(input.language ? { language: input.language } : {}),
  };
  const audited = [
    'first_name',
    'last_name',
    'mobile',
    'date_of_birth',
    ...(input.language ? ['language'] : []),
  ];
  const emailChange = emailChangeKind(caller, before, input.email);

  if (emailChange === 'own') {
    await verifyCurrentPassword(ctx, before, input.current_password);
    await saveWithFreeEmail(ctx, input.email, id, () =>
      inTransaction(ctx.db, async (tx) => {
        await updateUserFields(tx, id, { ...fields, email: input.email });
        await endAllSessions({ ...ctx, db: tx }, id);
        await cancelEmailChange({ ...ctx, db: tx }, id);
      }),
    );
    await tellOldAddress(
      ctx,
      { oldEmail: before.email, firstName: input.first_name, language: input.language ?? before.language },
      meta.log,
    );
  } else if (emailChange === 'confirm') {
    await assertEmailFree(ctx, input.email, id);
    await updateUserFields(ctx.db, id, fields);
    await sendEmailChangeLink(
      ctx,
      { id, firstName: input.first_name, language: input.language ?? before.language },
      input.email,
    );
  } else {
    await saveWithFreeEmail(ctx, input.email, id, () =>
      updateUserFields(ctx.db, id, { ...fields, email: input.email }),
    );
  }

  const changedNow = emailChange === 'own' || emailChange === 'at_once';
  await audit(ctx, caller, id, 'update', meta, changedNow ? ['email', ...audited] : audited);
  const detail = await detailOf(ctx, (await findUserDetail(ctx.db, id))!);
  if (emailChange === null) return detail;
  if (emailChange === 'confirm')
    return { ...detail, email_change: 'confirmation_sent', message: AUTH_TEXTS.emailChangeConfirmationSent };
  const message = emailChange === 'own' ? AUTH_TEXTS.emailChangedSignIn : AUTH_TEXTS.userUpdated;
  return { ...detail, email_change: 'changed', message };
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
/** With `viewer`, a carer's live link to the user is read in the same query (UserDetailRow `carerAccess`). */
export const findUserDetailById = (ctx: AppContext, id: number, viewer?: Caller) =>
  findUserDetail(ctx.db, id, viewer && carerViewerOf(viewer, ctx.now()));
