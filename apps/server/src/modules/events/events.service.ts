import type { AppContext, Caller } from '../../context';
import { unreadScopeOf } from '../messages/messages.policy';
import { findMissedMessages } from './events.repository';

export { accessTokenStands } from '../auth/auth.service';
export { createEventHub, type EventHub, type HubEvent } from './event-hub';

/** The message events a stream reopened with Last-Event-ID missed (docs/product/messages.md#live). */
export function missedMessageEvents(
  ctx: AppContext,
  caller: Caller,
  lastEventId: string | string[] | undefined,
) {
  const after = Number(lastEventId);
  const scope = unreadScopeOf(caller, ctx.now());
  if (!Number.isSafeInteger(after) || after <= 0 || !scope) return Promise.resolve([]);
  return findMissedMessages(ctx.db, { userId: caller.id, afterId: after, scope });
}
