import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLibraryExercise } from '@hep/shared/schemas/library';
import { useMediaRefresh } from '../../../lib/use-media-refresh';
import type { TLibrarySearchState } from '../hooks/use-library-search';
import { resultsText } from '../utils/library-item';
import { LibraryItemRow, type LibraryRowVariant } from './library-item-row';

interface LibraryResultsProps {
  search: TLibrarySearchState;
  /** The buttons of one item. */
  actions: (item: TLibraryExercise) => ReactNode;
  variant: LibraryRowVariant;
}

/**
 * The items found, 25 at a time with Load more. How many were found is said in a polite live region, so a screen
 * reader hears the count as the search changes; while a search runs, the last items stay and it says "Searching...".
 */
export function LibraryResults({ search, actions, variant }: LibraryResultsProps) {
  const { pages, items, count, searching } = search;
  const onMediaError = useMediaRefresh(pages);
  const { t } = useLingui();
  const loadFailed = t`The library could not be loaded. Please try again.`;
  const filtered = search.text.trim() !== '' || search.tags.length > 0;
  let status = '';
  if (searching) status = t`Searching...`;
  else if (pages.isError && !pages.isFetchNextPageError) status = loadFailed;
  else if (pages.data) status = t(resultsText(items.length, count, filtered));

  return (
    <>
      <p className="library-status" role="status" aria-live="polite">
        {status}
      </p>
      {items.length > 0 ? (
        <ul className="library-list" aria-label={t`Library exercises`} aria-busy={pages.isFetching}>
          {items.map((item) => (
            <LibraryItemRow
              key={item.id}
              item={item}
              actions={actions(item)}
              variant={variant}
              onMediaError={onMediaError}
            />
          ))}
        </ul>
      ) : null}
      {pages.isFetchNextPageError ? (
        <Alert variant="danger" className="mt-3">
          {loadFailed}
        </Alert>
      ) : null}
      {pages.hasNextPage && !searching ? (
        <div className="d-grid mt-3">
          <Button
            variant="outline-primary"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Load more</Trans>}
          </Button>
        </div>
      ) : null}
    </>
  );
}
