import type { AppContext } from '../../context';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import { badRequest } from '../../lib/app-error';
import { endUserSessions } from './auth.repository';
import { assertNotThrottled, clearWrongPasswords, recordWrongPassword } from './login-throttle';
import { burnPasswordCheck, verifyPassword } from './passwords';

/**
 * The signed-in user's current password, asked before a change to their own email or password (decision 011):
 * 400 on `current_password` when it is missing or wrong; wrong guesses count like failed logins (then 429), so a
 * stolen access token cannot be used to guess it.
 */
export async function verifyCurrentPassword(
  ctx: AppContext,
  account: { email: string; passwordHash: string | null },
  password: string | undefined,
): Promise<void> {
  if (!password) {
    throw badRequest(AUTH_TEXTS.currentPasswordRequired, {
      current_password: AUTH_TEXTS.currentPasswordRequired,
    });
  }
  await assertNotThrottled(ctx, account.email);
  const valid = account.passwordHash
    ? await verifyPassword(account.passwordHash, password)
    : await burnPasswordCheck(password);
  if (!valid) {
    await recordWrongPassword(ctx, account.email);
    throw badRequest(AUTH_TEXTS.currentPasswordWrong, { current_password: AUTH_TEXTS.currentPasswordWrong });
  }
  await clearWrongPasswords(ctx, account.email);
}

/**
 * Ends every session of the user at once: every refresh token revoked and the session version moved on, so that
 * outstanding access tokens are refused too. Run it in the transaction of the change that calls for it.
 */
export const endAllSessions = (ctx: AppContext, userId: number) => endUserSessions(ctx.db, userId);
