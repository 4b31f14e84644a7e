import type { TLoginResponse } from '@hep/shared/schemas/auth';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import type { AppContext } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import { signAccessToken } from './access-tokens';
import { deleteExpiredRefreshTokens, markSignedIn } from './auth.repository';
import { assertNotThrottled } from './login-throttle';
import { issueRefreshToken } from './refresh-tokens';

export { registerRefreshCookie, setRefreshCookie } from './refresh-cookie';

/** What a sign-in needs of the account it opens a session for. */
export interface SignInAccount {
  id: number;
  email: string;
  firstName: string;
  isStaff: boolean;
  isTherapist: boolean;
  isCarer: boolean;
  isActive: boolean;
  agreedToTerms: boolean;
  sessionVersion: number;
}

/**
 * The gates every way of signing in passes, for an account whose proof (password, passkey) is already checked:
 * the per-account lock of too many wrong passwords (429), then deactivation (403).
 */
export async function assertMaySignIn(ctx: AppContext, account: SignInAccount): Promise<void> {
  await assertNotThrottled(ctx, account.email.toLowerCase());
  if (!account.isActive) throw new AppError(403, 'account_inactive', AUTH_TEXTS.accountDeactivated);
}

/**
 * Opens a session for a proven account: a new refresh-token family, an access token, an audit row, and the login
 * answer (the web app's terms gate reads `agreed`). Password and passkey sign-ins answer alike.
 */
export async function startSession(
  ctx: AppContext,
  user: SignInAccount,
  meta: RequestMeta,
  method: 'password' | 'passkey',
): Promise<TLoginResponse> {
  const now = ctx.now();
  await Promise.all([deleteExpiredRefreshTokens(ctx.db, user.id, now), markSignedIn(ctx.db, user.id, now)]);
  const { token: refresh, familyId } = await issueRefreshToken(ctx.db, user.id, now);
  const access = signAccessToken(
    ctx.secretKey,
    { userId: user.id, sessionVersion: user.sessionVersion, sessionId: familyId },
    now,
  );
  await writeAudit(
    ctx.db,
    auditEntries(
      user,
      'login',
      { entity: 'session', ids: [], subjectUserId: user.id },
      meta,
      method === 'password' ? undefined : { method },
    ),
  );
  return {
    access,
    refresh,
    is_therapist: user.isTherapist ? 'true' : 'false',
    user_id: user.id,
    user_email: user.email,
    is_staff: user.isStaff,
    is_carer: user.isCarer,
    first_name: user.firstName,
    agreed: user.agreedToTerms,
    message: AUTH_TEXTS.loginSuccess,
    success: true,
  };
}
