import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';

/** The password rules (docs/product/accounts.md#password-rules); returns the first message that applies, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < LIMITS.passwordMinLength) return MESSAGES.passwordTooShort;
  if (/^\d+$/.test(password)) return MESSAGES.passwordNumeric;
  return null;
}
