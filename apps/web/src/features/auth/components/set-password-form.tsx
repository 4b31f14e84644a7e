import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ZSetPasswordForm, type TPasswordLinkPurpose, type TSetPasswordForm } from '@hep/shared/schemas/auth';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { NewPasswordFields } from './new-password-fields';
import { landingPath } from '../../../lib/landing-path';
import { getSession } from '../../../lib/session';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { logIn } from '../api/login';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

/**
 * A new account's activation link sets a first password; a reset link keeps the reset's words
 * (docs/product/accounts.md#password-links).
 */
const WORDS: Record<TPasswordLinkPurpose, Record<'button' | 'done' | 'failed', MessageDescriptor>> = {
  activate: {
    button: msg`Set password`,
    done: msg`Your password is set. Signing you in...`,
    failed: msg`Your password could not be set. Please try again.`,
  },
  reset: {
    button: msg`Reset Password`,
    done: msg`Password reset successful. Redirecting to login...`,
    failed: msg`Password reset failed. Please try again.`,
  },
};

interface SetPasswordFormProps {
  uid: string;
  token: string;
  linkValid: boolean;
  /** What the link was sent for; unknown while it is checked (the button is disabled then). */
  purpose: TPasswordLinkPurpose | undefined;
}

/** New password twice; on success the user is logged in with it and taken home. */
export function SetPasswordForm({ uid, token, linkValid, purpose }: SetPasswordFormProps) {
  const words = WORDS[purpose ?? 'activate'];
  const { t } = useLingui();
  const navigate = useNavigate();
  const [result, setResult] = useState<TFormResult | null>(null);
  const confirmReset = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSetPasswordForm>({
    resolver: translatedResolver(zodResolver(ZSetPasswordForm)),
    defaultValues: { new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    setResult(null);
    let email: string;
    try {
      ({ email } = await confirmReset.mutateAsync({ uid, token, new_password }));
    } catch (error) {
      setServerFieldErrors(setError, error, ['new_password']);
      setResult({ kind: 'error', text: errorMessage(error, t(words.failed)) });
      return;
    }
    setResult({ kind: 'success', text: t(words.done) });
    try {
      await logIn({ email, password: new_password });
      await navigate(landingPath(getSession()), { replace: true });
    } catch {
      await navigate('/login', { replace: true });
    }
  });

  const busy = isSubmitting || confirmReset.isPending;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Set your password`}>
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmPassword={register('confirm_password')}
        errors={{
          newPassword: errors.new_password?.message,
          confirmPassword: errors.confirm_password?.message,
        }}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!linkValid || busy}>
        {t(words.button)}
      </button>
      <FormResult result={result} />
    </form>
  );
}
