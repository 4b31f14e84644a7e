import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@hep/shared/messages';
import {
  ZUpdateUser,
  type TUpdateUser,
  type TUpdateUserBody,
  type TUserDetail,
} from '@hep/shared/schemas/users';
import { FormResult } from '../../../components/ui/form-result';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { useSaveResult } from '../../../lib/navigate-after-save';
import { useUpdateUser } from '../api/update-user';

const FIELDS = ['email', 'first_name', 'last_name', 'mobile', 'date_of_birth'] as const;

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
    first_name: user.first_name,
    last_name: user.last_name,
    mobile: user.mobile ?? '',
    date_of_birth: user.date_of_birth ?? '',
  };
}

/** Email, names, mobile and date of birth; after saving, back to the profile. */
export function EditProfileForm({ user }: { user: TUserDetail }) {
  const userId = String(user.id);
  const update = useUpdateUser(userId);
  const emailCheck = useEmailAvailability(user.email);
  const { notice, setNotice, saved } = useSaveResult(`/user/${userId}`);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TUpdateUser, unknown, TUpdateUserBody>({
    resolver: zodResolver(ZUpdateUser),
    defaultValues: toFormValues(user),
  });
  useUnsavedChanges(isDirty);

  const onSubmit = handleSubmit((values) => {
    if (emailCheck.error) {
      setNotice({ kind: 'error', text: MESSAGES.fixEmailFirst });
      return;
    }
    setNotice(null);
    update.mutate(values, {
      onSuccess: (updated) => {
        reset(toFormValues(updated));
        setNotice({ kind: 'success', text: MESSAGES.userUpdated });
      },
      onError: (error) => {
        setServerFieldErrors(setError, error, FIELDS);
        setNotice({ kind: 'error', text: errorMessage(error, MESSAGES.userUpdateFailed) });
      },
    });
  });

  const emailField = register('email', {
    onChange: () => emailCheck.clear(),
    onBlur: (event: { target: { value: string } }) => void emailCheck.check(event.target.value),
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
      {TEXT_FIELDS.map(({ name, ...field }) => (
        <TextField key={name} {...field} error={errors[name]?.message} {...register(name)} />
      ))}
      <button type="submit" className="btn btn-primary w-100" disabled={update.isPending || saved}>
        {update.isPending ? 'Updating...' : 'Update User'}
      </button>
      <FormResult result={notice} />
    </form>
  );
}
