import { useCallback, useEffect, useRef, useState } from 'react';
import { KeyFill } from 'react-bootstrap-icons';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage, isApiError } from '../../../lib/api-error';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { signInWithPasskey, useSignInWithPasskey } from '../api/sign-in-with-passkey';
import {
  browserHasPasskeyAutofill,
  browserHasPasskeys,
  ceremonyProblem,
  isSupersededCeremony,
  loadWebAuthn,
  PASSKEY_TEXT,
} from '../utils/webauthn';

/** A sign-in challenge lives 5 minutes on the server: the email field's passkey offer is renewed before that. */
const AUTOFILL_RENEW_MS = 4 * 60 * 1000;

const refusedByServer = (error: unknown) => isApiError(error) && error.status >= 400 && error.status <= 403;

/** The browser's problem in the page's language, else the server's message (already in it), else ours. */
const problemText = (error: unknown, t: (descriptor: MessageDescriptor) => string) => {
  const problem = ceremonyProblem(error, 'sign-in');
  return problem ? t(problem) : errorMessage(error, t(PASSKEY_TEXT.signInFailed));
};

/**
 * "Sign in with a passkey", and the same offered in the email field's suggestions where the browser can
 * (conditional mediation). A success starts the session; the login page then moves on as after a password.
 */
export function PasskeySignIn() {
  const [supported] = useState(browserHasPasskeys);
  const [problem, setProblem] = useState<string | null>(null);
  const signIn = useSignInWithPasskey();
  const { t } = useLingui();
  const armAutofill = useAutofill(setProblem, t);

  if (!supported) return null;

  const onClick = () => {
    setProblem(null);
    signIn.mutate(undefined, {
      onError: (error) => {
        setProblem(problemText(error, t));
        armAutofill();
      },
    });
  };

  return (
    <div className="mt-3">
      <p className="text-center text-body-secondary mb-3" aria-hidden="true">
        <Trans comment="between the Log In button and Sign in with a passkey">or</Trans>
      </p>
      <button
        type="button"
        className="btn btn-outline-primary w-100"
        onClick={onClick}
        disabled={signIn.isPending}
      >
        <KeyFill aria-hidden="true" />
        {signIn.isPending ? <Trans>Signing in...</Trans> : <Trans>Sign in with a passkey</Trans>}
      </button>
      {problem ? (
        <PlainAlert variant="danger" className="mt-3 mb-0">
          {problem}
        </PlainAlert>
      ) : null}
    </div>
  );
}

/**
 * Keeps a conditional passkey request open for the email field while the page shows; returns a function that
 * opens it again (after the button's own request replaced it).
 */
function useAutofill(onProblem: (text: string) => void, t: (descriptor: MessageDescriptor) => string) {
  const armRef = useRef<() => void>(() => undefined);
  useEffect(() => {
    let active = true;
    let armed = false;
    let emailField: HTMLInputElement | null = null;
    const arm = () => {
      void (async () => {
        if (!active || !(await browserHasPasskeyAutofill())) return;
        armed = true;
        try {
          await signInWithPasskey({ autofill: true });
        } catch (error) {
          // Only the server's refusal of a passkey the person picked is theirs to know. The browser's own failures,
          // a replaced request, no connection: the field stays as it is until the next renewal, with no message for
          // something the person did not do.
          if (!active || isSupersededCeremony(error) || !refusedByServer(error)) return;
          onProblem(problemText(error, t));
          // Passkeys are offered again when the person next goes to the email field, never at once: a device that
          // answers without a tap (or keeps a passkey the server no longer knows) would otherwise be refused again
          // and again, many times a second, re-rendering the page and spending the login limit.
          emailField = document.querySelector<HTMLInputElement>('input[autocomplete~="webauthn"]');
          emailField?.addEventListener('focus', arm, { once: true });
        }
      })();
    };
    armRef.current = arm;
    arm();
    const renew = window.setInterval(arm, AUTOFILL_RENEW_MS);
    return () => {
      active = false;
      armRef.current = () => undefined;
      emailField?.removeEventListener('focus', arm);
      window.clearInterval(renew);
      // Leaving the page ends the open request, so the browser stops offering passkeys in the field.
      if (armed) void loadWebAuthn().then((lib) => lib.WebAuthnAbortService.cancelCeremony());
    };
  }, [onProblem, t]);
  return useCallback(() => armRef.current(), []);
}
