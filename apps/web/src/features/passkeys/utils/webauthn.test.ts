import { describe, expect, it } from 'vitest';
import { ceremonyProblem, isSupersededCeremony } from './webauthn';

const browserError = (name: string, code?: string, message = 'x') =>
  Object.assign(new Error(message), { name, ...(code ? { code } : {}) });

describe('ceremonyProblem', () => {
  it('says plainly that nothing happened when the person closed the prompt', () => {
    expect(ceremonyProblem(browserError('NotAllowedError'), 'add')?.message).toBe(
      'No passkey was added. You can try again.',
    );
    expect(ceremonyProblem(browserError('NotAllowedError'), 'sign-in')?.message).toBe(
      'No passkey was used. You can try again.',
    );
    expect(ceremonyProblem(browserError('AbortError', 'ERROR_CEREMONY_ABORTED'), 'sign-in')?.message).toBe(
      'No passkey was used. You can try again.',
    );
  });

  it('names a device that already has a passkey, and a browser without passkeys', () => {
    const again = browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED');
    expect(ceremonyProblem(again, 'add')?.message).toBe('This device already has a passkey for you.');
    const none = browserError('Error', undefined, 'WebAuthn is not supported in this browser');
    expect(ceremonyProblem(none, 'sign-in')?.message).toBe(
      'This browser cannot use passkeys. You can still log in with your email and password.',
    );
  });

  it("leaves the server's errors to the caller", () => {
    expect(ceremonyProblem(browserError('ApiError'), 'sign-in')).toBeNull();
    expect(ceremonyProblem('nope', 'add')).toBeNull();
  });
});

describe('isSupersededCeremony', () => {
  it('is true only for a ceremony the page itself replaced', () => {
    expect(isSupersededCeremony(browserError('AbortError', 'ERROR_CEREMONY_ABORTED'))).toBe(true);
    expect(isSupersededCeremony(browserError('NotAllowedError'))).toBe(false);
  });
});
