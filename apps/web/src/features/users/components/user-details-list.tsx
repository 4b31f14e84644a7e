import type { ReactNode } from 'react';
import { MESSAGES } from '@hep/shared/messages';
import type { TUserDetail } from '@hep/shared/schemas/users';
import { formatShortDate } from '../../../lib/format';

function orNotProvided(value: string | null | undefined): string {
  return value && value.trim() ? value : MESSAGES.notProvided;
}

/** Name, contact details and, by role, the condition (clients) or discipline and clinic (therapists). */
export function UserDetailsList({ user }: { user: TUserDetail }) {
  const rows: [string, ReactNode][] = [
    ['Name', `${user.first_name} ${user.last_name}`.trim()],
    ['Email', user.email],
    ['Mobile', orNotProvided(user.mobile)],
    ['Date of Birth', formatShortDate(user.date_of_birth) ?? MESSAGES.notProvided],
  ];
  if (user.is_therapist) {
    rows.push(['Discipline', orNotProvided(user.therapist_profile?.discipline)]);
    rows.push(['Clinic', orNotProvided(user.therapist_profile?.clinic_name)]);
  } else if (!user.is_staff) {
    rows.push(['Condition', orNotProvided(user.condition ?? user.client_profile?.condition)]);
  }
  return (
    <dl className="mb-0">
      {rows.map(([term, value]) => (
        <div key={term} className="d-sm-flex py-2 border-bottom">
          <dt className="col-sm-4 fw-semibold">{term}</dt>
          <dd className="col-sm-8 mb-0 text-break">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
