import type { TLanguage } from '@hep/shared/languages';
import type { TReminderPayload } from '@hep/shared/schemas/push';
import type { AppContext } from '../../context';
import { textIn } from '../../lib/i18n';
import { loggableError } from '../../lib/loggable-error';
import type { RequestMeta } from '../../lib/request-meta';
import { finishBeforeExit } from '../../lib/unfinished-work';
import { NEW_MESSAGE_BODY, NEW_MESSAGE_TITLE } from '../mail/mail.service';
import { linkDay } from '../carers/carers.policy';
import { pushToUsers } from '../push/push.service';
import { findPushRecipients } from './messages.repository';

// Telling the rest of a conversation that a message came (docs/product/messages.md#notifications): a push to each
// browser of every other member who receives notifications. It carries no content and no name.

/**
 * Where a member reads the conversation: the client's own page, the same page naming the client for a carer, or the
 * client's conversation for the care team.
 */
export const conversationPath = (clientId: number, member: { is_client: boolean; is_carer: boolean }) => {
  if (member.is_client) return '/messages';
  return member.is_carer ? `/messages?client=${clientId}` : `/client/${clientId}/messages`;
};

/** What a lock screen shows, in the reader's language: the fact and where to go, never who wrote or what. */
export const newMessagePayload = (language: TLanguage, url: string): TReminderPayload => ({
  title: textIn(language, NEW_MESSAGE_TITLE),
  body: textIn(language, NEW_MESSAGE_BODY),
  url,
  // Its own tag: a message must not replace today's reminder or a change notice on the lock screen.
  tag: 'message',
});

/** Still worth showing to a phone that comes online within a day. */
export const NEW_MESSAGE_TTL_SECONDS = 24 * 60 * 60;

async function pushNewMessage(
  ctx: AppContext,
  message: { clientId: number; senderId: number | null },
  log: RequestMeta['log'],
) {
  const recipients = await findPushRecipients(ctx.db, { ...message, today: linkDay(ctx.now()) });
  const pushes = recipients.map((r) => ({
    userId: r.user_id,
    payload: JSON.stringify(newMessagePayload(r.language, conversationPath(message.clientId, r))),
  }));
  await pushToUsers(ctx, pushes, { ttlSeconds: NEW_MESSAGE_TTL_SECONDS, log });
}

/**
 * After the message has committed: pushes without holding up the answer. A push service that is down or slow never
 * fails the send; it is logged (by message id, subscription id and the service's origin, nothing of the message)
 * and dead subscriptions are removed, as for reminders.
 */
export function announceMessage(
  ctx: AppContext,
  message: { id: number; clientId: number; senderId: number | null },
  log: RequestMeta['log'],
): void {
  void finishBeforeExit(pushNewMessage(ctx, message, log)).catch((error: unknown) =>
    log.warn({ messageId: message.id, err: loggableError(error) }, 'new message push failed'),
  );
}
