import type { TLanguage } from '@hep/shared/languages';
import type { TReminderPayload } from '@hep/shared/schemas/push';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { textIn } from '../../lib/i18n';
import { loggableError } from '../../lib/loggable-error';
import type { RequestMeta } from '../../lib/request-meta';
import { finishBeforeExit } from '../../lib/unfinished-work';
import { PROGRAM_CHANGED_BODY, PROGRAM_CHANGED_TITLE, programChangedMail } from '../mail/mail.service';
import { pushToUser } from '../push/push.service';
import { claimChangeNotice } from './program-change-notice.repository';

// Telling a client that their therapist published a new or changed program
// (docs/product/reminders-and-notifications.md#change-notifications, docs/decisions/020-change-notifications.md): a
// push to each of their browsers and, when they receive email, a mail; at most once per program per hour.

/**
 * What a lock screen shows, in the client's language: the fact and where to go, never a program or exercise name
 * (no health data).
 */
export const changeNoticePayload = (language: TLanguage): TReminderPayload => ({
  title: textIn(language, PROGRAM_CHANGED_TITLE),
  body: textIn(language, PROGRAM_CHANGED_BODY),
  url: '/programs',
  // Its own tag: a change notice must not replace today's reminder on the lock screen, nor the other way round.
  tag: 'program-updated',
});

/** The news is still worth showing to a phone that comes online within a day. */
export const CHANGE_NOTICE_TTL_SECONDS = 24 * 60 * 60;

/** A push still to send once the save has committed; null when there is nothing to push. */
export type PendingNotice = {
  clientId: number;
  language: TLanguage;
  push: boolean;
  mailed: boolean;
} | null;

/**
 * Inside the save's transaction, after its writes: claims this hour's notice for the program (nothing when it is a
 * draft, its client is inactive or it was notified less than an hour ago) and queues the mail in the same
 * transaction, so a save that rolls back sends nothing.
 */
export async function queueChangeNotice(
  ctx: AppContext,
  tx: Db,
  programId: number,
  now: Date,
): Promise<PendingNotice> {
  const claimed = await claimChangeNotice(tx, programId, now);
  if (!claimed) return null;
  if (claimed.receivesEmail) {
    const link = `${ctx.config.PUBLIC_URL}/programs`;
    await ctx.mailer.send(programChangedMail(claimed, link), tx);
  }
  return {
    clientId: claimed.clientId,
    language: claimed.language,
    push: claimed.receivesNotifications,
    mailed: claimed.receivesEmail,
  };
}

/**
 * After the commit: wakes the mail worker and pushes without holding up the answer. A push service that is down or
 * slow never fails the save; it is logged (by subscription id and the service's origin, nothing about the client's
 * health) and dead subscriptions are removed, as for reminders.
 */
export function deliverChangeNotice(ctx: AppContext, notice: PendingNotice, log: RequestMeta['log']): void {
  if (!notice) return;
  if (notice.mailed) ctx.mailer.wake();
  if (!notice.push) return;
  const payload = JSON.stringify(changeNoticePayload(notice.language));
  void finishBeforeExit(
    pushToUser(ctx, notice.clientId, payload, { ttlSeconds: CHANGE_NOTICE_TTL_SECONDS, log }),
  ).catch((error: unknown) =>
    log.warn({ userId: notice.clientId, err: loggableError(error) }, 'program change push failed'),
  );
}
