// Remembers, per user on this browser, that the "Enable Notifications?" prompt was put off. localStorage holds only
// a date here: no token and no health data.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Maybe Later or the close button: ask again after a week. */
export const PROMPT_SNOOZE_DAYS = 7;
/** Notifications switched off on the profile: the user has decided; do not ask again for a long while. */
export const PROMPT_AFTER_DISABLE_DAYS = 180;

function keyOf(userId: number): string {
  return `notification_prompt_dismissed_until:${userId}`;
}

export function isPromptDismissed(userId: number, now: number = Date.now()): boolean {
  try {
    const until = Number(localStorage.getItem(keyOf(userId)));
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
}

export function dismissPrompt(
  userId: number,
  days: number = PROMPT_SNOOZE_DAYS,
  now: number = Date.now(),
): void {
  try {
    localStorage.setItem(keyOf(userId), String(now + days * DAY_MS));
  } catch {
    // Storage full or blocked: the prompt simply comes back next time.
  }
}

/** Notifications turned on again: a later change (a new browser profile, a reset) may prompt again. */
export function clearPromptDismissal(userId: number): void {
  try {
    localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to clear.
  }
}
