import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@hep/shared/messages';
import {
  ownProfileFormSchema,
  ZUpdateUser,
  type TUpdateUser,
  type TUpdateUserBody,
  type TUserDetail,
} from '@hep/shared/schemas/users';
import { FormResult } from '../../../components/ui/form-result';
import { InfoNotice } from '../../../components/ui/info-notice';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { useSaveResult } from '../../../lib/navigate-after-save';
import { useSession } from '../../../lib/session';
import { useUpdateUser } from '../api/update-user';
import { afterProfileSave, profileEmailRules } from '../utils/profile-email-change';

const FIELDS = ['email', 'current_password', 'first_name', 'last_name', 'mobile', 'date_of_birth'] as const;

// The fields after the email, which has its availability check.
const TEXT_FIELDS = [
  { name: 'first_name', id: 'profile-first-name', label: 'First Name', autoComplete: 'given-name' },
  { name: 'last_name', id: 'profile-last-name', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'mobile', id: 'profile-mobile', label: 'Mobile', type: 'tel', autoComplete: 'tel' },
  {
    name: 'date_of_birth',
    id: 'profile-date-of-birth',
    label: 'Date of Birth',
    type: 'date',
    autoComplete: 'bday',
  },
] as const;

function toFormValues(user: TUserDetail): TUpdateUser {
  return {
    email: user.email,
    current_password: '',
    first_name: user.first_name,
    last_name: user.last_name,
    mobile: user.mobile ?? '',
    date_of_birth: user.date_of_birth ?? '',
  };
}

interface EditProfileFormProps {
  user: TUserDetail;
  /** The user changed their own email: the server ended every session of theirs, this one too. */
  onOwnEmailChanged: () => void;
}

/**
 * Email, names, mobile and date of birth; after saving, back to the profile. A change of one's own email asks for
 * the current password and then signs out; staff changing another activated user's email sends that user a
 * confirmation link instead (decision 011).
 */
export function EditProfileForm({ user, onOwnEmailChanged }: EditProfileFormProps) {
  const userId = String(user.id);
  const session = useSession();
  const editor = {
    own: session.user?.id === user.id,
    careTeam: Boolean(session.user?.is_therapist || session.user?.is_staff),
  };
  const update = useUpdateUser(userId);
  const emailCheck = useEmailAvailability(user.email);
  const { notice, setNotice, saved } = useSaveResult(`/user/${userId}`);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const schema = useMemo(
    () => (editor.own ? ownProfileFormSchema(user.email) : ZUpdateUser),
    [editor.own, user.email],
  );
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isDirty },
  } = useForm<TUpdateUser, unknown, TUpdateUserBody>({
    resolver: zodResolver(schema),
    defaultValues: toFormValues(user),
  });
  useUnsavedChanges(isDirty);
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';
  const rules = profileEmailRules(editor, user.email, typedEmail);

  const onSubmit = handleSubmit(
    (values) => {
      if (emailCheck.error) {
        setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
        return;
      }
      setNotice(null);
      setLinkSent(null);
      const body = rules.askCurrentPassword ? values : { ...values, current_password: undefined };
      update.mutate(body, {
        onSuccess: (updated) => {
          const next = afterProfileSave(editor, updated.email_change);
          if (next === 'sign-out') {
            onOwnEmailChanged();
            return;
          }
          reset(toFormValues(updated));
          if (next === 'confirmation-sent')
            setLinkSent(updated.message ?? MESSAGES.emailChangeConfirmationSent);
          else setNotice({ kind: 'success', text: MESSAGES.userUpdated });
        },
        onError: (error) => {
          setServerFieldErrors(setError, error, FIELDS);
          setNotice({ kind: 'error', text: errorMessage(error, MESSAGES.userUpdateFailed) });
        },
      });
    },
    () => {
      if (emailCheck.error) setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
    },
  );

  const emailField = register('email', {
    onChange: () => emailCheck.clear(),
    onBlur: (event: { target: { value: string } }) => {
      if (rules.checkAvailability) void emailCheck.check(event.target.value);
    },
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Edit profile">
      <TextField
        id="profile-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        status={emailCheck.checking ? MESSAGES.checkingEmail : null}
        error={emailCheck.error ?? errors.email?.message}
        {...emailField}
      />
      {rules.askCurrentPassword ? (
        <PasswordField
          id="profile-current-password"
          label="Current Password"
          autoComplete="current-password"
          hint={errors.current_password ? undefined : MESSAGES.currentPasswordHint}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      ) : null}
      {TEXT_FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} error={errors[name]?.message} {...register(name)} />
      ))}
      <button type="submit" className="btn btn-primary w-100" disabled={update.isPending || saved}>
        {update.isPending ? 'Updating...' : 'Update User'}
      </button>
      <FormResult result={notice} />
      {linkSent ? <InfoNotice text={linkSent} /> : null}
    </form>
  );
}
