import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ChevronRight } from 'react-bootstrap-icons';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TClientSearchField } from '@hep/shared/schemas/clients';
import { LoadingText } from '../../../components/ui/loading-text';
import { formatShortDate } from '../../../lib/format';
import { adherencePercent } from '../../../lib/adherence-words';
import { useClientPages } from '../api/get-clients';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useWhenVisible } from '../hooks/use-when-visible';
import { CLIENT_SEARCH_DEBOUNCE_MS, CLIENT_SEARCH_FIELDS } from '../utils/client-search';

/**
 * The search (Last Name, First Name or Date of Birth, answered by the server) and the rows, each a link to the
 * client's page, 50 at a time: the next 50 load as the list's end scrolls into view, or with Load more. A row shows
 * the client's unread messages (`unreadOf`, from the page: docs/product/messages.md#web) as a badge.
 */
export function ClientList({ unreadOf = () => 0 }: { unreadOf?: (clientId: number) => number }) {
  const { t } = useLingui();
  const [field, setField] = useState<TClientSearchField>('last_name');
  const [term, setTerm] = useState('');
  const typed = useMemo(() => ({ by: field, term: term.trim() }), [field, term]);
  const search = useDebouncedValue(typed, CLIENT_SEARCH_DEBOUNCE_MS);
  const clients = useClientPages(search);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = clients;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useWhenVisible<HTMLDivElement>(loadMore, hasNextPage && !isFetchingNextPage);

  const rows = clients.data?.pages.flatMap((page) => page.results) ?? [];
  // A new search shows the last one's rows until its own answer arrives, saying that it is loading.
  const searching = clients.isPending || clients.isPlaceholderData;
  const byDate = field === 'date_of_birth';

  return (
    <>
      <form
        role="search"
        aria-label={t`Search clients`}
        className="row g-2 mb-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="col-sm-5">
          <label htmlFor="client-search-field" className="form-label fw-semibold">
            <Trans>Search by</Trans>
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
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-7">
          <label htmlFor="client-search" className="form-label fw-semibold">
            <Trans>Search</Trans>
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

      {searching ? <LoadingText text={t`Loading clients...`} /> : null}
      {clients.isError && !clients.isFetchNextPageError ? (
        <Alert variant="danger">
          <Trans>Failed to fetch clients. Please try again later.</Trans>
        </Alert>
      ) : null}
      {clients.data && !searching && rows.length === 0 ? (
        <p role="status" className="text-body-secondary my-4">
          <Trans>No clients found.</Trans>
        </p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="list-group client-rows" aria-label={t`Clients`} aria-busy={clients.isFetching}>
          {rows.map((client) => (
            <li key={client.id} className="list-group-item list-group-item-action p-0">
              <Link
                to={`/client/${client.id}`}
                className="d-flex align-items-center gap-3 px-3 py-3 text-body text-decoration-none"
              >
                <span className="flex-grow-1" style={{ minWidth: 0 }}>
                  <span className="d-block fw-semibold text-break">
                    {`${client.last_name}, ${client.first_name}`}
                    <UnreadBadge count={unreadOf(client.id)} />
                  </span>
                  <AdherenceLine rate={client.adherence_last_7} />
                </span>
                <span className="text-body-secondary text-nowrap">
                  <DateOfBirth date={client.date_of_birth} />
                </span>
                <ChevronRight aria-hidden="true" className="flex-shrink-0 text-body-secondary flip-rtl" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <div ref={sentinel} />
      {isFetchingNextPage ? <LoadingText text={t`Loading clients...`} /> : null}
      {clients.isFetchNextPageError ? (
        <Alert variant="danger" className="mt-3">
          <Trans>Failed to fetch clients. Please try again later.</Trans>
        </Alert>
      ) : null}
      {hasNextPage && !searching ? (
        <div className="d-grid mt-3">
          <Button variant="outline-primary" onClick={loadMore} disabled={isFetchingNextPage}>
            <Trans>Load more</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}

/** "Last 7 days: 80% done" under the name; nothing when no exercise was due in those days. */
function AdherenceLine({ rate }: { rate: number | null | undefined }) {
  const text = adherencePercent(rate);
  if (text === null) return null;
  return (
    <span className="d-block text-body-secondary">
      <Trans>Last 7 days: {text}</Trans>
    </span>
  );
}

/** The row's date of birth, named for screen readers; "N/A" when the client has none. */
function DateOfBirth({ date }: { date: string | null }) {
  const { t } = useLingui();
  const shown = formatShortDate(date) ?? t({ message: 'N/A', comment: 'no date of birth' });
  return (
    <>
      <span className="visually-hidden">
        <Trans>Date of birth</Trans>{' '}
      </span>
      {shown}
    </>
  );
}

/** A row's unread messages: the number as a badge, said in words to a screen reader. */
function UnreadBadge({ count }: { count: number }) {
  const { t } = useLingui();
  if (count === 0) return null;
  return (
    <span className="badge rounded-pill text-bg-danger ms-2">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">
        {t`${plural(count, { one: '# unread message', other: '# unread messages' })}`}
      </span>
    </span>
  );
}
