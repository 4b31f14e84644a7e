/** How long a ceremony may take from options to answer. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** The row of a challenge just given out (its purpose, and the user for a registration). */
export const challengeRow = (
  challenge: string,
  purpose: 'register' | 'sign_in',
  userId: number | null,
  now: Date,
) => ({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });

/** The challenge the browser signed, from its clientDataJSON (base64url JSON); null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 200
      ? challenge
      : null;
  } catch {
    return null;
  }
}

/** The WebAuthn user handle of a user: their id, so that a passkey names whom it signs in (no personal data). */
export const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));
