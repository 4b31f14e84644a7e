import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Trans, useLingui } from '@lingui/react/macro';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { todayIso } from '../../../lib/calendar-date';
import { useAttention } from '../api/get-attention';
import { useReviewedRows } from '../hooks/use-reviewed-rows';
import { attentionHeading } from '../utils/attention-words';
import { firstRows } from '../utils/reviewed-rows';
import { AttentionItem } from './attention-item';
import { ReviewedItem } from './reviewed-item';
import './attention.css';

/** How many clients show before "Show all": the list below stays within reach on a phone. */
const FIRST_SHOWN = 3;

/**
 * Needs attention (docs/product/feedback-and-progress.md#needs-attention), above the client list: each client with
 * the reasons in words and Mark reviewed. When no one needs attention it says so in one line, so that the page keeps
 * the same shape every visit.
 */
export function AttentionSection() {
  const attention = useAttention();
  const { t } = useLingui();
  const items = attention.data;
  const [showAll, setShowAll] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const today = todayIso();
  // A client marked reviewed keeps its place with Undo for a few seconds; the focus never falls to the page's top.
  const reviewed = useReviewedRows(items, () => headingRef.current);
  const shown = showAll ? reviewed.rows : firstRows(reviewed.rows, FIRST_SHOWN);

  return (
    <section aria-labelledby="attention-heading" className="attention mb-4">
      <h2 id="attention-heading" ref={headingRef} tabIndex={-1} className="h4 mb-3">
        {t(attentionHeading(items ? items.length : null))}
      </h2>
      {attention.isPending ? (
        <p role="status" className="text-body-secondary mb-0">
          <Trans>Checking who needs attention…</Trans>
        </p>
      ) : null}
      {attention.isError ? (
        <PlainAlert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0">
          <Trans>We could not check who needs attention.</Trans>
          <Button variant="outline-dark" size="sm" onClick={() => void attention.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </PlainAlert>
      ) : null}
      {items && reviewed.rows.length === 0 ? (
        <p className="text-body-secondary mb-0">
          <Trans>No one needs attention right now.</Trans>
        </p>
      ) : null}
      {shown.length > 0 ? (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {shown.map((row) =>
            row.kind === 'item' ? (
              <AttentionItem
                key={`item-${row.item.client_id}`}
                item={row.item}
                today={today}
                onReviewStart={reviewed.onReviewStart}
                onReviewed={reviewed.onReviewed}
                onReviewFailed={reviewed.onReviewFailed}
              />
            ) : (
              <ReviewedItem
                key={`reviewed-${row.entry.item.client_id}`}
                entry={row.entry}
                restore={reviewed.restore(row.entry.item.client_id)}
                onUndoStart={reviewed.onUndoStart}
                onUndone={reviewed.onUndone}
                onFocused={reviewed.onFocused}
                onExpire={reviewed.onExpire}
              />
            ),
          )}
        </ul>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {reviewed.announcement}
      </p>
      {items && items.length > FIRST_SHOWN ? (
        <Button
          variant="link"
          className="px-0 mt-2"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? <Trans>Show fewer</Trans> : <Trans>Show all {items.length}</Trans>}
        </Button>
      ) : null}
    </section>
  );
}
