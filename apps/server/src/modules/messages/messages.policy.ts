import type { TCarerAccess } from '@hep/shared/schemas/carers';
import type { Caller } from '../../context';
import { linkDay } from '../carers/carers.policy';
import type { ConversationScope } from './messages.sql';
import { isClientAccount, isOnCareTeam, type UserScopeFacts } from '../users/users.policy';

/**
 * Who takes part in a client's conversation (docs/product/messages.md#who): the client, their care team (their
 * clinic's therapists, or the therapist who created them) and their carers with a live `full` link (`carerAccess`,
 * read with the client: docs/product/carers.md#levels). Staff do not read messages.
 */
export function inConversation(
  caller: Caller,
  client: UserScopeFacts,
  carerAccess?: TCarerAccess | null,
): boolean {
  if (caller.id === client.id) return isClientAccount(client);
  if (caller.isCarer) return carerAccess === 'full';
  return isOnCareTeam(caller, client);
}

/** Whose conversations count for the caller's unread messages: their own, or their caseload's. */
export type UnreadScope = ConversationScope;

export function unreadScopeOf(caller: Caller, now: Date): UnreadScope | null {
  if (caller.isTherapist) return { kind: 'team', clinicId: caller.clinicId, therapistId: caller.id };
  if (caller.isStaff) return null;
  if (caller.isCarer) return { kind: 'carer', carerId: caller.id, today: linkDay(now) };
  return { kind: 'client', clientId: caller.id };
}
