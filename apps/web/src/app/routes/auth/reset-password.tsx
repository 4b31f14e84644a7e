import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZResetRequest, type TResetRequest } from '@hep/shared/schemas/auth';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { useRequestPasswordReset } from '../../../features/auth/api/request-password-reset';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';
import { LanguageSwitch } from './language-switch';

/** /reset-password: asks for an email and sends a reset link to it. */
export function ResetPasswordPage() {
  const [result, setResult] = useState<TFormResult | null>(null);
  const requestReset = useRequestPasswordReset();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetRequest>({
    resolver: translatedResolver(zodResolver(ZResetRequest)),
    defaultValues: { email: '' },
  });

  const failureText = (error: unknown): string => {
    if (isApiError(error) && error.status === 404) return t`No account found with this email address.`;
    // The server's words for too many requests, already in the page's language.
    if (isApiError(error) && error.status === 429 && error.serverMessage) return error.serverMessage;
    return t`An error occurred. Please try again later.`;
  };

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    requestReset.mutate(values, {
      onSuccess: () =>
        setResult({
          kind: 'success',
          text: t`Password reset link sent to your email. Please check your inbox.`,
        }),
      onError: (error) => setResult({ kind: 'error', text: failureText(error) }),
    });
  });

  return (
    <CenteredCard>
      <LanguageSwitch />
      <PageTitle title={t`Reset Password`} className="h3 mb-3" />
      <p>
        <Trans>
          Enter the email address of your account and we will send you a link to set a new password.
        </Trans>
      </p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Reset password`}>
        <TextField
          id="reset-email"
          label={t`Email`}
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={requestReset.isPending}>
          {requestReset.isPending ? <Trans>Sending...</Trans> : <Trans>Send Reset Link</Trans>}
        </button>
      </form>
      <FormResult result={result} />
      <div className="text-center mt-4">
        <Link to="/" className="back-link">
          <Trans>Return to Login</Trans>
        </Link>
      </div>
    </CenteredCard>
  );
}
