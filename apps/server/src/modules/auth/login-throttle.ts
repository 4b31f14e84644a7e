import { LIMITS } from '@hep/shared/limits';
import { AUTH_TEXTS } from '@hep/shared/texts/auth';
import type { AppContext } from '../../context';
import { tooManyRequests } from '../../lib/app-error';
import {
  clearLoginFailures,
  countRecentLoginFailures,
  oldestRecentLoginFailure,
  recordLoginFailure,
} from './auth.repository';

/**
 * Wrong passwords per account, shared by every API node: a login, and the current password asked for an email or
 * password change, count alike (LIMITS.loginFailuresPerEmail in LIMITS.loginFailureWindowMs, then 429).
 */
export async function assertNotThrottled(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.now();
  const since = new Date(now.getTime() - LIMITS.loginFailureWindowMs);
  const failures = await countRecentLoginFailures(ctx.db, email, since);
  if (failures < LIMITS.loginFailuresPerEmail) return;
  const oldest = (await oldestRecentLoginFailure(ctx.db, email, since)) ?? now;
  const retryAfter = Math.max(
    1,
    Math.ceil((oldest.getTime() + LIMITS.loginFailureWindowMs - now.getTime()) / 1000),
  );
  throw tooManyRequests(AUTH_TEXTS.tooManyLoginAttempts, retryAfter);
}

export async function recordWrongPassword(ctx: AppContext, email: string): Promise<void> {
  const now = ctx.now();
  await recordLoginFailure(ctx.db, email, now, new Date(now.getTime() - LIMITS.loginFailureWindowMs));
}

export const clearWrongPasswords = (ctx: AppContext, email: string) => clearLoginFailures(ctx.db, email);
