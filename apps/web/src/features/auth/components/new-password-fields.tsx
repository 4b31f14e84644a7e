import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLingui } from '@lingui/react/macro';
import { PasswordField } from '../../../components/ui/password-field';

interface NewPasswordFieldsProps {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
}

/** New password and its confirmation, with the password rules as a hint: setting, resetting or changing one. */
export function NewPasswordFields({ newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  const { t } = useLingui();
  return (
    <>
      <PasswordField
        id="new-password"
        label={t`New Password`}
        autoComplete="new-password"
        hint={errors.newPassword ? undefined : t`Password must be at least 8 characters long.`}
        error={errors.newPassword}
        {...newPassword}
      />
      <PasswordField
        id="confirm-password"
        label={t`Confirm New Password`}
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
