import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { formatShortDate } from '../../../lib/format';
import { LANGUAGE_NAMES } from '../../../lib/i18n/languages';
import { translateText } from '../../../lib/i18n/translated-resolver';

/** Name, contact details, language and, by role, the condition (clients) or discipline and clinic (therapists). */
export function UserDetailsList({ user }: { user: TUserDetail }) {
  const { t } = useLingui();
  const notProvided = t`Not provided`;
  const orNotProvided = (value: string | null | undefined) => (value && value.trim() ? value : notProvided);
  // A condition or discipline is one of the shared lists' texts, stored in English: said in the page's language.
  const translated = (value: string | null | undefined) => (value ? translateText(value) : value);
  // [key, term, value]: the key stays the same in every language.
  const rows: [string, string, ReactNode][] = [
    ['name', t`Name`, `${user.first_name} ${user.last_name}`.trim()],
    ['email', t`Email`, user.email],
    ['mobile', t`Mobile`, orNotProvided(user.mobile)],
    ['date-of-birth', t`Date of Birth`, formatShortDate(user.date_of_birth) ?? notProvided],
  ];
  if (user.is_therapist) {
    rows.push(['discipline', t`Discipline`, orNotProvided(translated(user.therapist_profile?.discipline))]);
    rows.push(['clinic', t`Clinic`, orNotProvided(user.therapist_profile?.clinic_name)]);
  } else if (!user.is_staff) {
    rows.push([
      'condition',
      t`Condition`,
      orNotProvided(translated(user.condition ?? user.client_profile?.condition)),
    ]);
  }
  // The language's own name, as the language select lists it.
  rows.push(['language', t`Language`, <span lang={user.language}>{LANGUAGE_NAMES[user.language]}</span>]);
  return (
    <dl className="mb-0">
      {rows.map(([key, term, value]) => (
        <div key={key} className="d-sm-flex py-2 border-bottom">
          <dt className="col-sm-4 fw-semibold">{term}</dt>
          <dd className="col-sm-8 mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
