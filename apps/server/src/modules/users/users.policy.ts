import type { Caller } from '../../context';
import type { UserDetailRow } from './users.repository';

export interface UserScopeFacts {
  id: number;
  isStaff: boolean;
  isTherapist: boolean;
  isCarer: boolean;
  /** For clients: the clinic and the therapist who created them. */
  clientClinicId: number | null;
  clientCreatedById: number | null;
}

export const userScopeFactsOf = (row: UserDetailRow): UserScopeFacts => ({
  id: row.user.id,
  isStaff: row.user.isStaff,
  isTherapist: row.user.isTherapist,
  isCarer: row.user.isCarer,
  clientClinicId: row.clientClinicId,
  clientCreatedById: row.clientCreatedById,
});

/** A client account: neither staff, therapist nor carer (a carer is never treated as a client: docs/product/carers.md). */
export const isClientAccount = (subject: Pick<UserScopeFacts, 'isStaff' | 'isTherapist' | 'isCarer'>) =>
  !subject.isStaff && !subject.isTherapist && !subject.isCarer;

/**
 * A therapist sees a client of their clinic, or, without a clinic, one they created (docs/product/clients.md#scope).
 */
export function isOnCareTeam(caller: Caller, subject: UserScopeFacts): boolean {
  if (!caller.isTherapist || !isClientAccount(subject)) return false;
  if (caller.clinicId !== null && subject.clientClinicId === caller.clinicId) return true;
  return subject.clientCreatedById === caller.id;
}

export function canViewUser(caller: Caller, subject: UserScopeFacts): boolean {
  return caller.isStaff || caller.id === subject.id || isOnCareTeam(caller, subject);
}

/** Profile edits: the user themself or staff. Therapists change clients through edit_client. */
export function canEditUser(caller: Caller, subject: UserScopeFacts): boolean {
  return caller.isStaff || caller.id === subject.id;
}
