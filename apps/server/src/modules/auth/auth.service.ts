import type { TLoginResponse, TResetValidateResponse, TTerms } from '@hep/shared/schemas/auth';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import type { AppContext, Caller } from '../../context';
import type { RequestMeta } from '../../lib/request-meta';
import { loggableError } from '../../lib/loggable-error';
import { finishBeforeExit } from '../../lib/unfinished-work';
import { AppError, badRequest, forbidden, unauthenticated } from '../../lib/app-error';
import { auditEntries, writeAudit } from '../audit/audit.service';
import {
  findAccountByEmail,
  findSessionUser,
  findUserDetailById,
  isEmailTaken,
} from '../users/users.service';
import { signAccessToken, verifyAccessToken } from './access-tokens';
import { recordTermsAcceptance, revokeAllRefreshTokens, revokeRefreshFamily } from './auth.repository';
import { endAllSessions, verifyCurrentPassword } from './credentials.service';
import { assertNotThrottled, clearWrongPasswords, recordWrongPassword } from './login-throttle';
import { burnPasswordCheck, verifyPassword } from './passwords';
import { rotateRefreshToken, sessionOfRefreshToken } from './refresh-tokens';
import { checkLink, setPasswordWithLink, sendPasswordLink } from './password-links.service';
import { startSession } from './sign-in.service';

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
    await recordWrongPassword(ctx, email);
    throw new AppError(401, 'invalid_credentials', AUTH_TEXTS.invalidCredentials);
  }
  if (!user.isActive) throw new AppError(403, 'account_inactive', AUTH_TEXTS.accountDeactivated);
  await clearWrongPasswords(ctx, email);
  return startSession(ctx, user, meta, 'password');
}

export async function refresh(ctx: AppContext, presented: string | undefined) {
  if (!presented) throw new AppError(401, 'no_refresh_token', AUTH_TEXTS.noRefreshToken);
  const now = ctx.now();
  const rotated = await rotateRefreshToken(ctx.db, presented, now);
  if (!rotated.ok) {
    throw new AppError(
      401,
      rotated.reason === 'reuse' ? 'refresh_reused' : 'invalid_refresh',
      /*i18n*/ 'Your session has expired. Please log in again.',
    );
  }
  const user = await findSessionUser(ctx, rotated.userId);
  if (!user || !user.isActive) {
    await revokeAllRefreshTokens(ctx.db, rotated.userId);
    throw unauthenticated(/*i18n*/ 'Your session has expired. Please log in again.');
  }
  const access = signAccessToken(
    ctx.secretKey,
    { userId: user.id, sessionVersion: user.sessionVersion, sessionId: rotated.familyId },
    now,
  );
  return { access, refresh: rotated.token };
}

const auditLogout = (ctx: AppContext, userId: number, scope: 'device' | 'all', meta: RequestMeta) =>
  writeAudit(
    ctx.db,
    auditEntries({ id: userId }, 'logout', { entity: 'session', ids: [], subjectUserId: userId }, meta, {
      scope,
    }),
  );

/**
 * Ends this device's session only: its refresh-token family, and at once the access tokens issued to it (the auth
 * guard refuses an access token whose family is revoked). The user's other devices stay signed in.
 */
export async function logout(ctx: AppContext, caller: Caller, sessionId: string, meta: RequestMeta) {
  await revokeRefreshFamily(ctx.db, sessionId, caller.id);
  await auditLogout(ctx, caller.id, 'device', meta);
}

/** Logout with only the refresh cookie (an access token already gone): ends the session the cookie belongs to. */
export async function logoutWithRefreshToken(
  ctx: AppContext,
  presented: string | undefined,
  meta: RequestMeta,
) {
  if (!presented) throw unauthenticated();
  const session = await sessionOfRefreshToken(ctx.db, presented);
  if (!session) return;
  await revokeRefreshFamily(ctx.db, session.familyId, session.userId);
  await auditLogout(ctx, session.userId, 'device', meta);
}

/** "Sign out of all devices": every session of the user ends at once, this one included. */
export async function logoutEverywhere(ctx: AppContext, caller: Caller, meta: RequestMeta) {
  await endAllSessions(ctx, caller.id);
  await auditLogout(ctx, caller.id, 'all', meta);
}

/** Answers the same for known and unknown addresses; a mail goes only to an active, known one. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  log: { error(obj: object, msg: string): void },
) {
  const user = await findAccountByEmail(ctx, email);
  // Not awaited: the answer must come in the same time for known and unknown addresses
  // (docs/product/accounts.md#password-links, docs/product/reminders-and-notifications.md#mail-outbox), so the link
  // and its queued mail are written just after it. A failure is logged for the operators instead.
  if (user?.isActive)
    void finishBeforeExit(sendPasswordLink(ctx, user, 'reset')).catch((err: unknown) =>
      log.error({ err: loggableError(err) }, 'reset link could not be queued'),
    );
  return { success: true as const, message: AUTH_TEXTS.resetRequestSent };
}

export async function validateResetLink(
  ctx: AppContext,
  uid: string,
  token: string,
): Promise<TResetValidateResponse> {
  const link = await checkLink(ctx, uid, token);
  return link
    ? { validLink: true, message: AUTH_TEXTS.resetLinkValid, purpose: link.purpose }
    : { validLink: false, message: AUTH_TEXTS.resetLinkInvalid };
}

export async function confirmPasswordReset(
  ctx: AppContext,
  input: { uid: string; token: string; new_password: string },
  meta: RequestMeta,
) {
  const user = await setPasswordWithLink(ctx, input.uid, input.token, input.new_password);
  if (!user) throw new AppError(400, 'invalid_link', AUTH_TEXTS.resetLinkInvalid);
  await writeAudit(
    ctx.db,
    auditEntries(user, 'password_reset', { entity: 'user', ids: [user.id], subjectUserId: user.id }, meta),
  );
  return { email: user.email, message: AUTH_TEXTS.resetConfirmSuccess, success: true as const };
}

export async function acceptTerms(ctx: AppContext, caller: Caller, terms: TTerms, meta: RequestMeta) {
  if (!terms.privacy || !terms.waiver || !terms.terms) {
    const fields: Record<string, string> = {};
    for (const key of ['privacy', 'waiver', 'terms'] as const)
      if (!terms[key]) fields[key] = /*i18n*/ 'Please tick this box to agree.';
    throw badRequest(/*i18n*/ 'Please agree to all three to continue.', fields);
  }
  await recordTermsAcceptance(ctx.db, caller.id, terms);
  await writeAudit(
    ctx.db,
    auditEntries(caller, 'terms', { entity: 'terms_acceptance', ids: [], subjectUserId: caller.id }, meta),
  );
  return { agreed: true as const };
}

/**
 * Therapists and staff check any address (the client forms). Anyone else checks an address only for a change of
 * their own email, proven by their current password (wrong guesses count like failed logins); without it, 403.
 * Their own address is never "taken" for them. Decision 011 says why.
 */
export async function checkEmail(
  ctx: AppContext,
  caller: Caller,
  input: { email: string; current_password?: string | undefined },
) {
  if (caller.isStaff || caller.isTherapist) return { exists: await isEmailTaken(ctx, input.email) };
  if (!input.current_password) throw forbidden(AUTH_TEXTS.checkEmailNeedsPassword);
  const account = await findUserDetailById(ctx, caller.id);
  if (!account) throw unauthenticated();
  await verifyCurrentPassword(ctx, account.user, input.current_password);
  return { exists: await isEmailTaken(ctx, input.email, caller.id) };
}

/**
 * Whether an access token still stands, as the auth guard checks it on each request: not expired, its user active,
 * its session open and its session version current. For what outlives a request (a live event stream).
 */
export async function accessTokenStands(ctx: AppContext, token: string): Promise<boolean> {
  const claims = verifyAccessToken(ctx.secretKey, token, ctx.now());
  if (!claims) return false;
  const user = await findSessionUser(ctx, claims.userId, claims.sessionId);
  return Boolean(user?.isActive && user.sessionOpen && user.sessionVersion === claims.sessionVersion);
}
