import type { TClientSearchField } from '@hep/shared/schemas/clients';

/** The search fields, Last Name first (the default): docs/product/clients.md#search. */
export const CLIENT_SEARCH_FIELDS: { value: TClientSearchField; label: string }[] = [
  { value: 'last_name', label: 'Last Name' },
  { value: 'first_name', label: 'First Name' },
  { value: 'date_of_birth', label: 'Date of Birth' },
];

/** How long typing pauses before the search goes to the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
