import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TUserListItem } from '@hep/shared/schemas/staff';
import { translateText } from '../../../lib/i18n/translated-resolver';

// Role and clinic texts in the page's language at the time of the call (the search matches what the table shows).

export function fullName(user: Pick<TUserListItem, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/**
 * The Role column (docs/product/staff.md#manage-users): Staff if is_staff, else the discipline, else Carer for a
 * carer, else Client.
 */
export function roleText(user: Pick<TUserListItem, 'is_staff' | 'discipline' | 'is_carer'>): string {
  if (user.is_staff) return i18n._(msg`Staff`);
  if (user.is_carer) return i18n._(msg`Carer`);
  const discipline = user.discipline?.trim();
  return discipline ? translateText(discipline) : i18n._(msg`Client`);
}

/** The Clinic column: the clinic's name, or N/A. */
export function clinicText(user: Pick<TUserListItem, 'clinic'>): string {
  return user.clinic?.trim() || i18n._(msg({ message: 'N/A', comment: 'no clinic' }));
}

/** The search of Manage Users: full name, email or role text contains the query, ignoring letter case. */
export function filterUsers<T extends TUserListItem>(users: readonly T[], query: string): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((user) =>
    [fullName(user), user.email, roleText(user)].some((text) => text.toLowerCase().includes(needle)),
  );
}
