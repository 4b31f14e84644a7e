import type { TChangePassword, TChangePasswordResponse } from '@hep/shared/schemas/auth';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import type { AppContext, Caller } from '../../context';
import { unauthenticated } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/request-meta';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { passwordChangedMail } from '../mail/mail.service';
import { findUserDetailById } from '../users/users.service';
import { setPasswordAndEndSessions } from './auth.repository';
import { verifyCurrentPassword } from './credentials.service';
import { hashPassword } from './passwords';

/**
 * POST /users/me/password/: the signed-in user's own password change. It needs the current password (wrong guesses
 * count like failed logins), ends every session of the user, and tells the account's address (decision 011).
 */
export async function changeOwnPassword(
  ctx: AppContext,
  caller: Caller,
  input: TChangePassword,
  meta: RequestMeta,
): Promise<TChangePasswordResponse> {
  const row = await findUserDetailById(ctx, caller.id);
  if (!row) throw unauthenticated();
  await verifyCurrentPassword(ctx, row.user, input.current_password);
  await setPasswordAndEndSessions(ctx.db, caller.id, await hashPassword(input.new_password), ctx.now());
  await ctx.mailer
    .send(passwordChangedMail(row.user))
    .catch((err: unknown) => meta.log.error({ err }, 'password change notice failed'));
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'update', { entity: 'user', ids: [caller.id], subjectUserId: caller.id }, meta, {
      fields: ['password'],
    }),
  );
  return { message: AUTH_TEXTS.passwordChangedSignIn, success: true };
}
