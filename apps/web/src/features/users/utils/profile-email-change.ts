import { normalizeEmail } from '@hep/shared/domain/email';
import type { TEmailChangeOutcome } from '@hep/shared/schemas/users';

/** Who edits whose profile, as the Edit Profile form needs to know it. */
interface ProfileEditor {
  /** The signed-in user edits their own profile. */
  own: boolean;
  /** The signed-in user is a therapist or staff (may check any address). */
  careTeam: boolean;
}

/**
 * The email rules of Edit Profile (decision 011): one's own new email needs the current password; the availability
 * check on leaving the field is for therapists and staff (a client learns a taken address from the save, after
 * their password is checked, so the form cannot be used to find out who has an account).
 */
export function profileEmailRules(editor: ProfileEditor, currentEmail: string, typedEmail: string) {
  const changed = typedEmail.trim() !== '' && normalizeEmail(typedEmail) !== normalizeEmail(currentEmail);
  return { askCurrentPassword: editor.own && changed, checkAvailability: editor.careTeam };
}

/** What the form does after a save: sign out (own email changed), say a link was sent, or the usual success. */
export function afterProfileSave(
  editor: Pick<ProfileEditor, 'own'>,
  outcome: TEmailChangeOutcome | undefined,
): 'sign-out' | 'confirmation-sent' | 'saved' {
  if (outcome === 'changed' && editor.own) return 'sign-out';
  if (outcome === 'confirmation_sent') return 'confirmation-sent';
  return 'saved';
}
