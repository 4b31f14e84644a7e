import { LIMITS } from '../limits';
import { AUTH_TEXTS } from '../texts/auth';

/** The password rules (docs/product/accounts.md#password-rules); returns the first message that applies, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMinLength) return AUTH_TEXTS.passwordTooShort;
  if (/^\d+$/.test(password)) return AUTH_TEXTS.passwordNumeric;
  return null;
}
