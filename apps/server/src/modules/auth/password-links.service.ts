import { LIMITS } from '@hep/shared/limits';
import type { TPasswordLinkPurpose } from '@hep/shared/schemas/auth';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../lib/crypto';
import { activationMail, type MailRecipient, resetPasswordMail } from '../mail/mail.service';
import type { RequestMeta } from '../../lib/request-meta';
import { createUser, findUserDetailById, type NewUser } from '../users/users.service';
import {
  consumeTokenAndSetPassword,
  findUsableOneTimeToken,
  insertOneTimeToken,
  PASSWORD_LINK_PURPOSES,
} from './auth.repository';
import { hashPassword } from './passwords';
import { decodeUid, encodeUid } from './uid';

const TTL_SECONDS: Record<TPasswordLinkPurpose, number> = {
  reset: LIMITS.resetLinkTtlSeconds,
  activate: LIMITS.activationLinkTtlSeconds,
};

export { encodeUid };

/** Creates a one-time link (PUBLIC_URL/reset-password/{uid}/{token}) and mails it. */
export async function sendPasswordLink(
  ctx: AppContext,
  user: MailRecipient & { id: number },
  purpose: TPasswordLinkPurpose,
): Promise<void> {
  const token = randomToken(32);
  await insertOneTimeToken(ctx.db, {
    userId: user.id,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.now().getTime() + TTL_SECONDS[purpose] * 1000),
  });
  const link = `${ctx.config.PUBLIC_URL}/reset-password/${encodeUid(user.id)}/${token}`;
  const mail = purpose === 'reset' ? resetPasswordMail : activationMail;
  await ctx.mailer.send(mail(user, link));
}

/**
 * Creates an account without a password (409 when the address is taken) and mails its activation link once the user
 * is committed: the one way a client or a carer is invited. A mail failure does not undo the account: it is logged,
 * and a reset link can be sent later (the same page sets the password).
 */
export async function createAccountWithActivation(
  ctx: AppContext,
  input: NewUser & { language: NonNullable<NewUser['language']> },
  meta: Pick<RequestMeta, 'log'>,
): Promise<{ id: number; activationEmail: 'sent' | 'failed' }> {
  const id = await createUser(ctx, { ...input, passwordHash: null, agreedToTerms: false });
  try {
    await sendPasswordLink(
      ctx,
      { id, email: input.email, firstName: input.firstName, language: input.language },
      'activate',
    );
    return { id, activationEmail: 'sent' };
  } catch (err) {
    meta.log.error({ err, userId: id }, 'activation mail failed');
    return { id, activationEmail: 'failed' };
  }
}

export async function checkLink(ctx: AppContext, uid: string, token: string) {
  const userId = decodeUid(uid);
  if (!userId) return null;
  // Only a reset or activation link sets a password: never an email-change link sent to a new address.
  const row = await findUsableOneTimeToken(ctx.db, userId, sha256(token), ctx.now(), PASSWORD_LINK_PURPOSES);
  if (!row) return null;
  const user = await findUserDetailById(ctx, userId);
  const purpose: TPasswordLinkPurpose = row.purpose === 'activate' ? 'activate' : 'reset';
  return user?.user.isActive ? { tokenId: row.id, user: user.user, purpose } : null;
}

/** Sets the password, uses the link, and ends every session of the user; null when the link is not usable. */
export async function setPasswordWithLink(ctx: AppContext, uid: string, token: string, password: string) {
  const link = await checkLink(ctx, uid, token);
  if (!link) return null;
  const hash = await hashPassword(password);
  const done = await consumeTokenAndSetPassword(ctx.db, link.tokenId, link.user.id, hash, ctx.now());
  return done ? link.user : null;
}
