import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@hep/shared/messages';
import { ZChangePasswordForm, type TChangePasswordForm } from '@hep/shared/schemas/auth';
import { FormResult, type TFormResult } from '../../../components/ui/form-result';
import { PasswordField } from '../../../components/ui/password-field';
import { errorMessage } from '../../../lib/api-error';
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
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
            setResult({ kind: 'error', text: errorMessage(error, MESSAGES.passwordChangeFailed) });
        },
      },
    );
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Change your password">
      <PasswordField
        id="current-password"
        label="Current Password"
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
        {change.isPending ? 'Changing...' : 'Change Password'}
      </button>
      <FormResult result={result} />
    </form>
  );
}
