import { describe, expect, it } from 'vitest';
import { forgetLoginNotice, readLoginNotice, saveLoginNotice } from './login-notice';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the login notice after every session ended', () => {
  it('keeps the reason until the login page has read and forgotten it', () => {
    const store = memoryStore();
    expect(readLoginNotice(store)).toBeNull();
    saveLoginNotice('email-changed', store);
    expect(readLoginNotice(store)?.message).toBe(
      'Your email was changed. Please sign in with your new email.',
    );
    forgetLoginNotice(store);
    expect(readLoginNotice(store)).toBeNull();
  });

  it('has a plain text for each reason', () => {
    const store = memoryStore();
    saveLoginNotice('password-changed', store);
    expect(readLoginNotice(store)?.message).toBe(
      'Your password was changed. Please sign in with your new password.',
    );
    saveLoginNotice('signed-out-everywhere', store);
    expect(readLoginNotice(store)?.message).toBe('You are signed out on all devices. Please sign in again.');
  });

  it('shows nothing for a value it did not write, or without storage', () => {
    const store = memoryStore();
    store.setItem('hep_login_notice', '<img src=x onerror=alert(1)>');
    expect(readLoginNotice(store)).toBeNull();
    store.setItem('hep_login_notice', 'toString');
    expect(readLoginNotice(store)).toBeNull();
    expect(readLoginNotice(null)).toBeNull();
    expect(() => saveLoginNotice('email-changed', null)).not.toThrow();
  });
});
