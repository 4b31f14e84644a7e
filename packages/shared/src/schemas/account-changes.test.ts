import { describe, expect, it } from 'vitest';
import { AUTH_TEXTS } from '../texts/auth';
import { ZChangePasswordForm } from './auth';
import { ownProfileFormSchema } from './users';

const profile = { email: 'me@example.test', first_name: 'Casey', last_name: 'Jones' };

describe('ownProfileFormSchema', () => {
  const schema = ownProfileFormSchema('Me@Example.test');

  it('needs the current password only when the email changes (letter case is no change)', () => {
    expect(schema.safeParse(profile).success).toBe(true);
    const changed = schema.safeParse({ ...profile, email: 'new@example.test', current_password: '' });
    expect(changed.success).toBe(false);
    expect(changed.error?.issues).toEqual([
      expect.objectContaining({ path: ['current_password'], message: AUTH_TEXTS.currentPasswordRequired }),
    ]);
    const withPassword = schema.parse({ ...profile, email: 'new@example.test', current_password: 'secret' });
    expect(withPassword.current_password).toBe('secret');
  });

  it('sends no empty current password', () => {
    expect(schema.parse({ ...profile, current_password: '' }).current_password).toBeUndefined();
  });
});

describe('ZChangePasswordForm', () => {
  it("asks for the current password and applies the reset's rules to the new one", () => {
    const result = ZChangePasswordForm.safeParse({
      current_password: '',
      new_password: '12345678',
      confirm_password: '12345678',
    });
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      current_password: AUTH_TEXTS.currentPasswordRequired,
      new_password: AUTH_TEXTS.passwordNumeric,
    });
    const mismatch = ZChangePasswordForm.safeParse({
      current_password: 'old one',
      new_password: 'a new password',
      confirm_password: 'another one',
    });
    expect(mismatch.error?.issues[0]).toMatchObject({
      path: ['confirm_password'],
      message: AUTH_TEXTS.passwordsDoNotMatch,
    });
  });
});
