import type { TConfirmEmailResponse } from '@hep/shared/schemas/auth';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { sha256 } from '../../lib/crypto';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { findUserDetailById, saveWithFreeEmail } from '../users/users.service';
import { consumeEmailChangeToken, findUsableOneTimeToken } from './auth.repository';
import { tellOldAddress } from './email-change.service';
import { decodeUid } from './uid';

const invalidLink = () => new AppError(400, 'invalid_link', AUTH_TEXTS.emailChangeLinkInvalid);

/**
 * POST /confirm-email/: the link mailed to the new address of an email change made by someone else. It moves the
 * account to that address (409 when another account took it meanwhile), ends every session of the user, and
 * tells the old address. An unknown, used or expired link, or a deactivated account, answers 400.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  input: { uid: string; token: string },
  meta: RequestMeta,
): Promise<TConfirmEmailResponse> {
  const userId = decodeUid(input.uid);
  if (!userId) throw invalidLink();
  const now = ctx.now();
  const link = await findUsableOneTimeToken(ctx.db, userId, sha256(input.token), now, ['email_change']);
  const account = link?.newEmail ? await findUserDetailById(ctx, userId) : null;
  if (!link?.newEmail || !account?.user.isActive) throw invalidLink();
  const newEmail = link.newEmail;

  const done = await saveWithFreeEmail(ctx, newEmail, userId, () =>
    consumeEmailChangeToken(ctx.db, link.id, userId, newEmail, now),
  );
  if (!done) throw invalidLink();
  await tellOldAddress(ctx, { ...account.user, oldEmail: account.user.email }, meta.log);
  await writeAudit(
    ctx.db,
    auditEntries(account.user, 'update', { entity: 'user', ids: [userId], subjectUserId: userId }, meta, {
      fields: ['email'],
      email_change: 'confirmed',
    }),
  );
  return { email: newEmail, message: AUTH_TEXTS.emailChangeConfirmed, success: true };
}
