import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { ZChangePasswordForm, type TChangePasswordForm } from '@hep/shared/schemas/auth';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-error';
import { translatedResolver } from '../../../lib/i18n/translated-resolver';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { NewPasswordFields } from './new-password-fields';
import { useChangePassword } from '../api/change-password';

/**
 * The current password, then the new one twice (the Set Your Password rules). On success every session of the
 * user has ended: `onChanged` signs out here too.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [result, setResult] = useState<TFormResult | null>(null);
  const change = useChangePassword();
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: translatedResolver(zodResolver(ZChangePasswordForm)),
    defaultValues: { current_password: '', new_password: '', confirm_password: '' },
  });

  const onSubmit = handleSubmit(({ current_password, new_password }) => {
    setResult(null);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: onChanged,
        onError: (error) => {
          const fields = setServerFieldErrors(setError, error, ['current_password', 'new_password'], {
            shouldFocus: true,
          });
          if (fields.length === 0)
            setResult({
              kind: 'error',
              text: errorMessage(error, t`Failed to change your password. Please try again.`),
            });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Change your password`}>
      <PasswordField
        id="current-password"
        label={t`Current Password`}
        autoComplete="current-password"
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <NewPasswordFields
        newPassword={register('new_password')}
        confirmPassword={register('confirm_password')}
        errors={{
          newPassword: errors.new_password?.message,
          confirmPassword: errors.confirm_password?.message,
        }}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={change.isPending}>
        {change.isPending ? <Trans>Changing...</Trans> : <Trans>Change Password</Trans>}
      </button>
      <FormResult result={result} />
    </form>
  );
}
