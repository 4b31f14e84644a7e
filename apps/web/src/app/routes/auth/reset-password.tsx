import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { MESSAGES } from '@hep/shared/messages';
import { ZResetRequest, type TResetRequest } from '@hep/shared/schemas/auth';
import { CenteredCard } from '../../../components/ui/centered-card';
import { PageTitle } from '../../../components/ui/page-title';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { useRequestPasswordReset } from '../../../features/auth/api/request-password-reset';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

function failureText(error: unknown): string {
  if (isApiError(error) && error.status === 404) return MESSAGES.resetNotFound;
  if (isApiError(error) && error.status === 429 && error.serverMessage) return error.serverMessage;
  return MESSAGES.resetRequestFailed;
}

/** /reset-password: asks for an email and sends a reset link to it. */
export function ResetPasswordPage() {
  const [result, setResult] = useState<TFormResult | null>(null);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TResetRequest>({ resolver: zodResolver(ZResetRequest), defaultValues: { email: '' } });

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    requestReset.mutate(values, {
      onSuccess: () => setResult({ kind: 'success', text: MESSAGES.resetRequestSent }),
      onError: (error) => setResult({ kind: 'error', text: failureText(error) }),
    });
  });

  return (
    <CenteredCard>
      <PageTitle title="Reset Password" className="h3 mb-3" />
      <p>Enter the email address of your account and we will send you a link to set a new password.</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Reset password">
        <TextField
          id="reset-email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <button type="submit" className="btn btn-primary w-100" disabled={requestReset.isPending}>
          {requestReset.isPending ? 'Sending...' : 'Send Reset Link'}
        </button>
      </form>
      <FormResult result={result} />
      <div className="text-center mt-4">
        <Link to="/" className="back-link">
          Return to Login
        </Link>
      </div>
    </CenteredCard>
  );
}
