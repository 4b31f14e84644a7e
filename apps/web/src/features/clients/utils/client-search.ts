import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TClientSearchField } from '@hep/shared/schemas/clients';

/** The search fields, Last Name first (the default): docs/product/clients.md#search. */
export const CLIENT_SEARCH_FIELDS: { value: TClientSearchField; label: MessageDescriptor }[] = [
  { value: 'last_name', label: msg`Last Name` },
  { value: 'first_name', label: msg`First Name` },
  { value: 'date_of_birth', label: msg`Date of Birth` },
];

/** How long typing pauses before the search goes to the server. */
export const CLIENT_SEARCH_DEBOUNCE_MS = 300;
