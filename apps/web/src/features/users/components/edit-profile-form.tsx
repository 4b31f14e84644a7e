import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { LANGUAGES } from '@hep/shared/languages';
import { ownProfileFormSchema, ZUpdateUser, type TUserDetail } from '@hep/shared/schemas/users';
import { FormResult } from '../../../components/ui/form-result';
import { InfoNotice } from '../../../components/ui/info-notice';
import { PasswordField } from '../../../components/ui/password-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes-context';
import { errorMessage } from '../../../lib/api-error';
import { setServerFieldErrors } from '../../../lib/form-errors';
import { useEmailAvailability } from '../../../lib/email-availability';
import { LANGUAGE_NAMES } from '../../../lib/i18n/languages';
import { followUserLanguage } from '../../../lib/i18n/user-language';
import { useSaveResult } from '../../../lib/navigate-after-save';
import { useSession } from '../../../lib/session';
import { useUpdateUser } from '../api/update-user';
import { afterProfileSave, profileEmailRules } from '../utils/profile-email-change';
import { profileResolver, type TProfileBody, type TProfileForm } from '../utils/profile-language';

const FIELDS = [
  'email',
  'current_password',
  'first_name',
  'last_name',
  'mobile',
  'date_of_birth',
  'language',
] as const;

// The fields after the email, which has its availability check.
const TEXT_FIELDS: readonly {
  name: 'first_name' | 'last_name' | 'mobile' | 'date_of_birth';
  id: string;
  label: MessageDescriptor;
  type?: string;
  autoComplete: string;
}[] = [
  { name: 'first_name', id: 'profile-first-name', label: msg`First Name`, autoComplete: 'given-name' },
  { name: 'last_name', id: 'profile-last-name', label: msg`Last Name`, autoComplete: 'family-name' },
  { name: 'mobile', id: 'profile-mobile', label: msg`Mobile`, type: 'tel', autoComplete: 'tel' },
  {
    name: 'date_of_birth',
    id: 'profile-date-of-birth',
    label: msg`Date of Birth`,
    type: 'date',
    autoComplete: 'bday',
  },
];

function toFormValues(user: TUserDetail): TProfileForm {
  return {
    email: user.email,
    current_password: '',
    first_name: user.first_name,
    last_name: user.last_name,
    mobile: user.mobile ?? '',
    date_of_birth: user.date_of_birth ?? '',
    language: user.language,
  };
}

interface EditProfileFormProps {
  user: TUserDetail;
  /** The user changed their own email: the server ended every session of theirs, this one too. */
  onOwnEmailChanged: () => void;
}

/**
 * Email, names, mobile, date of birth and language; after saving, back to the profile (one's own saved language
 * becomes the page's at once). A change of one's own email asks for
 * the current password and then signs out; staff changing another activated user's email sends that user a
 * confirmation link instead (decision 011).
 */
export function EditProfileForm({ user, onOwnEmailChanged }: EditProfileFormProps) {
  const userId = String(user.id);
  const { t } = useLingui();
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
  } = useForm<TProfileForm, unknown, TProfileBody>({
    resolver: profileResolver(schema),
    defaultValues: toFormValues(user),
  });
  useUnsavedChanges(isDirty);
  const typedEmail = useWatch({ control, name: 'email' }) ?? '';
  const rules = profileEmailRules(editor, user.email, typedEmail);

  const onSubmit = handleSubmit(
    (values) => {
      if (emailCheck.error) {
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
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
          // One's own language changes the page now; another user's is theirs to see when they sign in.
          if (editor.own) void followUserLanguage(updated.language ?? values.language);
          if (next === 'confirmation-sent')
            setLinkSent(
              updated.message ??
                t`We sent a confirmation link to the new address. The email changes when it is used.`,
            );
          else setNotice({ kind: 'success', text: t`User updated successfully!` });
        },
        onError: (error) => {
          setServerFieldErrors(setError, error, FIELDS);
          setNotice({
            kind: 'error',
            text: errorMessage(error, t`Failed to update user. Please try again.`),
          });
        },
      });
    },
    () => {
      if (emailCheck.error)
        setNotice({ kind: 'error', text: t`Please fix the email error before submitting.` });
    },
  );

  const emailField = register('email', {
    onChange: () => emailCheck.clear(),
    onBlur: (event: { target: { value: string } }) => {
      if (rules.checkAvailability) void emailCheck.check(event.target.value);
    },
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t`Edit profile`}>
      <TextField
        id="profile-email"
        label={t`Email`}
        type="email"
        autoComplete="email"
        inputMode="email"
        status={emailCheck.checking ? t`Checking email availability...` : null}
        error={emailCheck.error ?? errors.email?.message}
        {...emailField}
      />
      {rules.askCurrentPassword ? (
        <PasswordField
          id="profile-current-password"
          label={t`Current Password`}
          autoComplete="current-password"
          hint={errors.current_password ? undefined : t`Needed to change your email.`}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      ) : null}
      {TEXT_FIELDS.map(({ name, label, ...field }) => (
        <TextField key={name} {...field} label={t(label)} error={errors[name]?.message} {...register(name)} />
      ))}
      <SelectField
        id="profile-language"
        label={t`Language`}
        error={errors.language?.message}
        {...register('language')}
      >
        {LANGUAGES.map((language) => (
          // Each language's own name, so that anyone can find theirs.
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn btn-primary w-100" disabled={update.isPending || saved}>
        {update.isPending ? <Trans>Updating...</Trans> : <Trans>Update User</Trans>}
      </button>
      <FormResult result={notice} />
      {linkSent ? <InfoNotice text={linkSent} /> : null}
    </form>
  );
}
