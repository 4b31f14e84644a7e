import { LIMITS } from '@hep/shared/limits';
import { MESSAGES } from '@hep/shared/messages';
import type { TLoginResponse, TResetValidateResponse, TTerms } from '@hep/shared/schemas/auth';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { AppError, badRequest, tooManyRequests, unauthenticated } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import {
  findAccountByEmail,
  findSessionUser,
  isEmailTaken,
  revokeAccessTokens,
} from '../users/users.service';
import { signAccessToken } from './access-tokens';
import {
  clearLoginFailures,
  countRecentLoginFailures,
  deleteExpiredRefreshTokens,
  oldestRecentLoginFailure,
  recordLoginFailure,
  recordTermsAcceptance,
  revokeAllRefreshTokens,
} from './auth.repository';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { issueRefreshToken, rotateRefreshToken } from './refresh-tokens';
import { checkLink, setPasswordWithLink, sendPasswordLink } from './password-links.service';

async function assertNotThrottled(ctx: AppContext, email: string) {
  const now = ctx.now();
  const since = new Date(now.getTime() - LIMITS.loginFailureWindowMs);
  const failures = await countRecentLoginFailures(ctx.db, email, since);
  if (failures < LIMITS.loginFailuresPerEmail) return;
  const oldest = (await oldestRecentLoginFailure(ctx.db, email, since)) ?? now;
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest.getTime() + LIMITS.loginFailureWindowMs - now.getTime()) / 1000),
  );
  throw tooManyRequests(MESSAGES.tooManyLoginAttempts, retryAfter);
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  meta: RequestMeta,
): Promise<TLoginResponse> {
  const email = input.email.trim().toLowerCase();
  await assertNotThrottled(ctx, email);
  const user = await findAccountByEmail(ctx, email);
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  if (!user || !valid) {
    const now = ctx.now();
    await recordLoginFailure(ctx.db, email, now, new Date(now.getTime() - LIMITS.loginFailureWindowMs));
    throw new AppError(401, 'invalid_credentials', MESSAGES.invalidCredentials);
  }
  if (!user.isActive) throw new AppError(403, 'account_inactive', MESSAGES.accountDeactivated);
  await clearLoginFailures(ctx.db, email);
  const now = ctx.now();
  await deleteExpiredRefreshTokens(ctx.db, user.id, now);
  const access = await signAccessToken(
    ctx.secretKey,
    { userId: user.id, sessionVersion: user.sessionVersion },
    now,
  );
  const refresh = await issueRefreshToken(ctx.db, user.id, now);
  await writeAudit(
    ctx.db,
    auditEntries(user, 'login', { entity: 'session', ids: [], subjectUserId: user.id }, meta),
  );
  return {
    access,
    refresh,
    is_therapist: user.isTherapist ? 'true' : 'false',
    user_id: user.id,
    user_email: user.email,
    is_staff: user.isStaff,
    first_name: user.firstName,
    agreed: user.agreedToTerms,
    message: MESSAGES.loginSuccess,
    success: true,
  };
}

export async function refresh(ctx: AppContext, presented: string | undefined) {
  if (!presented) throw new AppError(401, 'no_refresh_token', MESSAGES.noRefreshToken);
  const now = ctx.now();
  const rotated = await rotateRefreshToken(ctx.db, presented, now);
  if (!rotated.ok) {
    throw new AppError(
      401,
      rotated.reason === 'reuse' ? 'refresh_reused' : 'invalid_refresh',
      'Your session has expired. Please log in again.',
    );
  }
  const user = await findSessionUser(ctx, rotated.userId);
  if (!user || !user.isActive) {
    await revokeAllRefreshTokens(ctx.db, rotated.userId);
    throw unauthenticated('Your session has expired. Please log in again.');
  }
  const access = await signAccessToken(
    ctx.secretKey,
    { userId: user.id, sessionVersion: user.sessionVersion },
    now,
  );
  return { access, refresh: rotated.token };
}

/** Ends every session of the user: refresh tokens revoked, outstanding access tokens refused from now on. */
export async function logout(ctx: AppContext, caller: Caller, meta: RequestMeta) {
  await revokeAllRefreshTokens(ctx.db, caller.id);
  await revokeAccessTokens(ctx, caller.id);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'logout', { entity: 'session', ids: [], subjectUserId: caller.id }, meta),
  );
}

/** Answers the same for known and unknown addresses; a mail goes only to an active, known one. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  log: { error(obj: object, msg: string): void },
) {
  const user = await findAccountByEmail(ctx, email);
  // A mail outage must not answer differently for known addresses; it is logged for the operators instead.
  if (user?.isActive)
    await sendPasswordLink(ctx, user, 'reset').catch((err: unknown) =>
      log.error({ err }, 'reset mail failed'),
    );
  return { success: true as const, message: MESSAGES.resetRequestSent };
}

export async function validateResetLink(
  ctx: AppContext,
  uid: string,
  token: string,
): Promise<TResetValidateResponse> {
  const link = await checkLink(ctx, uid, token);
  return link
    ? { validLink: true, message: MESSAGES.resetLinkValid }
    : { validLink: false, message: MESSAGES.resetLinkInvalid };
}

export async function confirmPasswordReset(
  ctx: AppContext,
  input: { uid: string; token: string; new_password: string },
  meta: RequestMeta,
) {
  const user = await setPasswordWithLink(ctx, input.uid, input.token, input.new_password);
  if (!user) throw new AppError(400, 'invalid_link', MESSAGES.resetLinkInvalid);
  await writeAudit(
    ctx.db,
    auditEntries(user, 'password_reset', { entity: 'user', ids: [user.id], subjectUserId: user.id }, meta),
  );
  return { email: user.email, message: MESSAGES.resetConfirmSuccess, success: true as const };
}

export async function acceptTerms(ctx: AppContext, caller: Caller, terms: TTerms, meta: RequestMeta) {
  if (!terms.privacy || !terms.waiver || !terms.terms) {
    const fields: Record<string, string> = {};
    for (const key of ['privacy', 'waiver', 'terms'] as const)
      if (!terms[key]) fields[key] = 'Please tick this box to agree.';
    throw badRequest('Please agree to all three to continue.', fields);
  }
  await recordTermsAcceptance(ctx.db, caller.id, terms);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'terms', { entity: 'terms_acceptance', ids: [], subjectUserId: caller.id }, meta),
  );
  return { agreed: true as const };
}

/** Therapists and staff check any address; anyone may check an address for their own change. */
export async function checkEmail(ctx: AppContext, caller: Caller, email: string) {
  const exceptSelf = caller.isStaff || caller.isTherapist ? undefined : caller.id;
  return { exists: await isEmailTaken(ctx, email, exceptSelf) };
}
