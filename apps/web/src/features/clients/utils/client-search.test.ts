import { describe, expect, it } from 'vitest';
import type { TClientListItem } from '@hep/shared/schemas/clients';
import { filterClients, sortClients } from './client-search';

function client(id: number, first_name: string, last_name: string, date_of_birth: string | null) {
  return { id, first_name, last_name, email: `c${id}@example.test`, date_of_birth } satisfies TClientListItem;
}

const clients = [
  client(1, 'Robin', 'patel', '1971-09-02'),
  client(2, 'Chris', 'Walker', '1958-03-14'),
  client(3, 'Alex', 'Patel', null),
  client(4, 'Christine', 'Adams', '1958-03-14'),
];

describe('sortClients', () => {
  it('sorts by last name, then first name, ignoring letter case', () => {
    expect(sortClients(clients).map((c) => c.id)).toEqual([4, 3, 1, 2]);
  });

  it('leaves the given list alone', () => {
    sortClients(clients);
    expect(clients.map((c) => c.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('filterClients', () => {
  it('keeps everyone for an empty or blank term', () => {
    expect(filterClients(clients, 'last_name', '  ')).toHaveLength(4);
  });

  it('matches names containing the term in any letter case', () => {
    expect(filterClients(clients, 'last_name', 'PAT').map((c) => c.id)).toEqual([1, 3]);
    expect(filterClients(clients, 'first_name', 'chris').map((c) => c.id)).toEqual([2, 4]);
    expect(filterClients(clients, 'first_name', 'Walker')).toEqual([]);
  });

  it('compares a date of birth as a date, never as part of the text', () => {
    expect(filterClients(clients, 'date_of_birth', '1958-03-14').map((c) => c.id)).toEqual([2, 4]);
    expect(filterClients(clients, 'date_of_birth', '1958-03-1')).toEqual([]);
    expect(filterClients(clients, 'date_of_birth', '2000-01-01')).toEqual([]);
  });
});
