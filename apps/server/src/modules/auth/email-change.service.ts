import { LIMITS } from '@hep/shared/limits';
import type { TLanguage } from '@hep/shared/languages';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import { confirmEmailChangeMail, emailChangedMail } from '../mail/mail.service';
import { replaceEmailChangeToken, useUpEmailChangeTokens } from './auth.repository';
import { encodeUid } from './uid';

/**
 * Someone else (a therapist, staff) changes an activated account's email: nothing changes yet. A one-time link
 * (`PUBLIC_URL/confirm-email/{uid}/{token}`, 24 hours, replacing any earlier one) goes to the new address, and the
 * email changes when it is used (POST /confirm-email/). Until then the user signs in with the old address, and no
 * password link can be sent to the new one (decision 011).
 */
export async function sendEmailChangeLink(
  ctx: AppContext,
  user: { id: number; firstName: string; language: TLanguage },
  newEmail: string,
): Promise<void> {
  const token = randomToken(32);
  const now = ctx.now();
  await replaceEmailChangeToken(
    ctx.db,
    {
      userId: user.id,
      tokenHash: sha256(token),
      newEmail: newEmail.trim(),
      expiresAt: new Date(now.getTime() + LIMITS.resetLinkTtlSeconds * 1000),
    },
    now,
  );
  const link = `${ctx.config.PUBLIC_URL}/confirm-email/${encodeUid(user.id)}/${token}`;
  await ctx.mailer.send(confirmEmailChangeMail({ ...user, email: newEmail.trim() }, link));
}

/**
 * Tells the old address that the account's email changed. The change is done by then, so a failure to queue the
 * notice is logged, not answered.
 */
export async function tellOldAddress(
  ctx: AppContext,
  user: { oldEmail: string; firstName: string; language: TLanguage },
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await ctx.mailer
    .send(emailChangedMail({ ...user, email: user.oldEmail }))
    .catch((err: unknown) => log.error({ err }, 'email change notice failed'));
}

/** The user changed their email themselves: a change someone else started for them will not happen. */
export const cancelEmailChange = (ctx: AppContext, userId: number) =>
  useUpEmailChangeTokens(ctx.db, userId, ctx.now());
