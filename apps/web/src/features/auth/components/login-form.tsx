import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLogin } from '@hep/shared/schemas/auth';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-error';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { useLightForm } from '../../../lib/use-light-form';
import { signUpMailto } from '../../../lib/support';
import { useLogIn } from '../api/login';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';

// ZLogin (and Zod) stay out of the first bundle: they load after the first paint, before anyone can submit.
const resolver = lazyResolver<TLogin>(() => import('./login-resolver').then((m) => m.loginResolver));

/**
 * Email and password; a successful login starts the session and the login page moves on. `alternative` (another
 * way in, such as a passkey) shows under the Log In button.
 */
export function LoginForm({ alternative }: { alternative?: ReactNode }) {
  const [result, setResult] = useState<TFormResult | null>(null);
  const logIn = useLogIn();
  const { t } = useLingui();
  useEffect(() => resolver.preload(), []);
  const { register, handleSubmit, errors } = useLightForm<TLogin>(resolver, { email: '', password: '' });

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    logIn.mutate(values, {
      onSuccess: () => setResult({ kind: 'success', text: t`Login successful!` }),
      onError: (error) =>
        setResult({
          kind: 'error',
          text: errorMessage(error, t`An unexpected login error occurred. Please try again.`),
        }),
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Log in`}>
      <TextField
        id="login-email"
        label={t`Email`}
        type="email"
        // "webauthn" lets the browser offer passkeys among the field's suggestions (conditional mediation).
        autoComplete="username webauthn"
        inputMode="email"
        error={errors.email}
        {...register('email')}
      />
      <PasswordField
        id="login-password"
        label={t`Password`}
        autoComplete="current-password"
        error={errors.password}
        {...register('password')}
      />
      <button type="submit" className="btn btn-primary w-100 mt-2" disabled={logIn.isPending}>
        <Trans>Log In</Trans>
      </button>
      <FormResult result={result} />
      {alternative}
      <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-stretch mt-4">
        <a className="btn btn-outline-primary" href={signUpMailto()}>
          <Trans>Sign Up</Trans>
        </a>
        <Link className="btn btn-link" to="/reset-password">
          <Trans>Forgot Password?</Trans>
        </Link>
      </div>
    </form>
  );
}
