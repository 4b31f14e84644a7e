import type { TClientListItem } from '@hep/shared/schemas/clients';

export type TClientSearchField = 'last_name' | 'first_name' | 'date_of_birth';

export const CLIENT_SEARCH_FIELDS: { value: TClientSearchField; label: string }[] = [
  { value: 'last_name', label: 'Last Name' },
  { value: 'first_name', label: 'First Name' },
  { value: 'date_of_birth', label: 'Date of Birth' },
];

/** By last name, then first name, ignoring letter case. */
export function sortClients(clients: readonly TClientListItem[]): TClientListItem[] {
  const compare = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
  return [...clients].sort(
    (a, b) => compare(a.last_name, b.last_name) || compare(a.first_name, b.first_name) || a.id - b.id,
  );
}

/**
 * The search of the clients list: names contain the term (any letter case); a date of birth equals the
 * picked date (compared as dates, design 7.2, never as formatted text). An empty term keeps everyone.
 */
export function filterClients(
  clients: readonly TClientListItem[],
  field: TClientSearchField,
  term: string,
): TClientListItem[] {
  const wanted = term.trim().toLowerCase();
  if (!wanted) return [...clients];
  if (field === 'date_of_birth') return clients.filter((client) => client.date_of_birth === wanted);
  return clients.filter((client) => client[field].toLowerCase().includes(wanted));
}
