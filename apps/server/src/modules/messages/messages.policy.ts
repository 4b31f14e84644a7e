import type { Caller } from '../../context';
import { isClientAccount, isOnCareTeam, type UserScopeFacts } from '../users/users.policy';

/**
 * Who takes part in a client's conversation (docs/product/messages.md#who): the client and their care team (their
 * clinic's therapists, or the therapist who created them). Staff do not read messages.
 */
export function inConversation(caller: Caller, client: UserScopeFacts): boolean {
  if (caller.id === client.id) return isClientAccount(client);
  return isOnCareTeam(caller, client);
}

/** Whose conversations count for the caller's unread messages: their own, or their caseload's. */
export type UnreadScope =
  { kind: 'client'; clientId: number } | { kind: 'team'; clinicId: number | null; therapistId: number };

export function unreadScopeOf(caller: Caller): UnreadScope | null {
  if (caller.isTherapist) return { kind: 'team', clinicId: caller.clinicId, therapistId: caller.id };
  if (caller.isStaff) return null;
  return { kind: 'client', clientId: caller.id };
}
