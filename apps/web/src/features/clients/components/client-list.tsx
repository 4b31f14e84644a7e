import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';
import { ChevronRight } from 'react-bootstrap-icons';
import { MESSAGES } from '@hep/shared/messages';
import { LoadingText } from '../../../components/ui/loading-text';
import { formatShortDate } from '../../../lib/format';
import { useClients } from '../api/get-clients';
import {
  CLIENT_SEARCH_FIELDS,
  filterClients,
  sortClients,
  type TClientSearchField,
} from '../utils/client-search';

/** The search (Last Name, First Name or Date of Birth) and the rows, each a link to the client's page. */
export function ClientList() {
  const clients = useClients();
  const [field, setField] = useState<TClientSearchField>('last_name');
  const [term, setTerm] = useState('');

  const rows = useMemo(
    () => (clients.data ? filterClients(sortClients(clients.data), field, term) : []),
    [clients.data, field, term],
  );
  const byDate = field === 'date_of_birth';

  return (
    <>
      <form
        role="search"
        aria-label="Search clients"
        className="row g-2 mb-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="col-sm-5">
          <label htmlFor="client-search-field" className="form-label fw-semibold">
            Search by
          </label>
          <select
            id="client-search-field"
            className="form-select"
            value={field}
            onChange={(event) => {
              setField(event.target.value as TClientSearchField);
              setTerm('');
            }}
          >
            {CLIENT_SEARCH_FIELDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-7">
          <label htmlFor="client-search" className="form-label fw-semibold">
            Search
          </label>
          <input
            id="client-search"
            key={byDate ? 'date' : 'text'}
            type={byDate ? 'date' : 'search'}
            className="form-control"
            value={term}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => setTerm(event.target.value)}
          />
        </div>
      </form>

      {clients.isPending ? <LoadingText text={MESSAGES.clientsLoading} /> : null}
      {clients.isError ? <Alert variant="danger">{MESSAGES.clientsFetchFailed}</Alert> : null}
      {clients.data && rows.length === 0 ? (
        <p role="status" className="text-body-secondary my-4">
          {MESSAGES.clientsEmpty}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="list-group client-rows" aria-label="Clients">
          {rows.map((client) => (
            <li key={client.id} className="list-group-item list-group-item-action p-0">
              <Link
                to={`/client/${client.id}`}
                className="d-flex align-items-center gap-3 px-3 py-3 text-body text-decoration-none"
              >
                <span className="flex-grow-1 fw-semibold text-break">{`${client.last_name}, ${client.first_name}`}</span>
                <span className="text-body-secondary text-nowrap">
                  <span className="visually-hidden">Date of birth </span>
                  {formatShortDate(client.date_of_birth) ?? 'N/A'}
                </span>
                <ChevronRight aria-hidden="true" className="flex-shrink-0 text-body-secondary" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
