import type { Caller } from '../../context';
import { isClientAccount, isOnCareTeam, type UserScopeFacts } from '../users/users.policy';
import type { ClientScope } from './clients.repository';

/** Staff manage every client; a therapist the clients of their care team (docs/product/clients.md#scope). */
export function canManageClient(caller: Caller, subject: UserScopeFacts): boolean {
  if (!isClientAccount(subject)) return false;
  return caller.isStaff || isOnCareTeam(caller, subject);
}

/** The list a caller sees: the same rule as canManageClient, as a query scope. */
export function clientScopeOf(caller: Caller): ClientScope {
  return caller.isStaff ? { all: true } : { all: false, clinicId: caller.clinicId, therapistId: caller.id };
}
