import { describe, expect, it } from 'vitest';
import { ZSetPasswordForm } from '../schemas/auth';
import { passwordProblem } from './password';
import { looksLikeEmail } from './email';

describe('password rules', () => {
  it('needs at least 8 characters and not only digits', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 8 characters long.');
    expect(passwordProblem('12345678')).toBe('Password cannot be entirely numeric.');
    expect(passwordProblem('1234567a')).toBeNull();
  });

  it('reports mismatched confirmation on the confirm field', () => {
    const result = ZSetPasswordForm.safeParse({ new_password: 'long enough', confirm_password: 'different' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['confirm_password'],
      message: 'Passwords do not match.',
    });
  });
});

describe('looksLikeEmail', () => {
  it('wants text, an at sign, text, a dot and text', () => {
    expect(looksLikeEmail('a@b.co')).toBe(true);
    expect(looksLikeEmail('a@b')).toBe(false);
    expect(looksLikeEmail('ab.co')).toBe(false);
    expect(looksLikeEmail('a @b.co')).toBe(false);
  });
});
