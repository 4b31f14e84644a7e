import { describe, expect, it } from 'vitest';
import { afterProfileSave, profileEmailRules } from './profile-email-change';

const own = { own: true, careTeam: false };
const staffForOther = { own: false, careTeam: true };

describe('profileEmailRules', () => {
  it('asks for the current password only when users change their own email', () => {
    expect(profileEmailRules(own, 'me@example.test', 'new@example.test').askCurrentPassword).toBe(true);
    expect(profileEmailRules(own, 'me@example.test', ' ME@example.test ').askCurrentPassword).toBe(false);
    expect(profileEmailRules(own, 'me@example.test', '').askCurrentPassword).toBe(false);
    expect(profileEmailRules(staffForOther, 'them@example.test', 'new@example.test').askCurrentPassword).toBe(
      false,
    );
  });

  it('checks availability on leaving the field for therapists and staff only', () => {
    expect(profileEmailRules(own, 'a@example.test', 'b@example.test').checkAvailability).toBe(false);
    expect(profileEmailRules({ own: true, careTeam: true }, 'a@x.test', 'b@x.test').checkAvailability).toBe(
      true,
    );
  });
});

describe('afterProfileSave', () => {
  it('signs out after an own email change, says so for a confirmation link, else the usual success', () => {
    expect(afterProfileSave({ own: true }, 'changed')).toBe('sign-out');
    expect(afterProfileSave({ own: false }, 'changed')).toBe('saved');
    expect(afterProfileSave({ own: false }, 'confirmation_sent')).toBe('confirmation-sent');
    expect(afterProfileSave({ own: true }, undefined)).toBe('saved');
  });
});
