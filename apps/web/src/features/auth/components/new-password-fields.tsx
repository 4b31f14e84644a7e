import type { UseFormRegisterReturn } from 'react-hook-form';
import { MESSAGES } from '@hep/shared/messages';
import { PasswordField } from '../../../components/ui/password-field';

interface NewPasswordFieldsProps {
  newPassword: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { newPassword?: string; confirmPassword?: string };
}

/** New password and its confirmation, with the password rules as a hint: setting, resetting or changing one. */
export function NewPasswordFields({ newPassword, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        id="new-password"
        label="New Password"
        autoComplete="new-password"
        hint={errors.newPassword ? undefined : MESSAGES.passwordHint}
        error={errors.newPassword}
        {...newPassword}
      />
      <PasswordField
        id="confirm-password"
        label="Confirm New Password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...confirmPassword}
      />
    </>
  );
}
