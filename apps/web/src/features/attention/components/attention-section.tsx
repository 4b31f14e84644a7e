import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { todayIso } from '../../../lib/calendar-date';
import { useAttention } from '../api/get-attention';
import { attentionHeading } from '../utils/attention-words';
import { AttentionItem, attentionNameId } from './attention-item';
import './attention.css';

/** How many clients show before "Show all": the list below stays within reach on a phone. */
const FIRST_SHOWN = 3;

interface PendingFocus {
  gone: number;
  next: number | null;
}

/**
 * Needs attention (docs/product/feedback-and-progress.md#needs-attention), above the client list: each client with
 * the reasons in words and Mark reviewed. When no one needs attention it says so in one line, so that the page keeps
 * the same shape every visit.
 */
export function AttentionSection() {
  const attention = useAttention();
  const items = attention.data;
  const [showAll, setShowAll] = useState(false);
  // A ref, not state: it changes nothing on screen, it only says where the focus goes once the list has changed.
  const pendingFocus = useRef<PendingFocus | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const today = todayIso();

  // Once a reviewed client has left the list, the focus goes to the next client's name (or the previous one's,
  // or the heading when none is left), never to the top of the page.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending || !items || items.some((item) => item.client_id === pending.gone)) return;
    const next = pending.next === null ? null : document.getElementById(attentionNameId(pending.next));
    (next ?? headingRef.current)?.focus();
    pendingFocus.current = null;
  }, [items]);

  const onReviewStart = (clientId: number) => {
    const list = items ?? [];
    const index = list.findIndex((item) => item.client_id === clientId);
    const neighbour = list[index + 1] ?? list[index - 1];
    pendingFocus.current = { gone: clientId, next: neighbour?.client_id ?? null };
  };
  const onReviewFailed = (clientId: number) => {
    if (pendingFocus.current?.gone === clientId) pendingFocus.current = null;
  };

  const shown = items && !showAll ? items.slice(0, FIRST_SHOWN) : items;
  return (
    <section aria-labelledby="attention-heading" className="attention mb-4">
      <h2 id="attention-heading" ref={headingRef} tabIndex={-1} className="h4 mb-3">
        {attentionHeading(items ? items.length : null)}
      </h2>
      {attention.isPending ? (
        <p role="status" className="text-body-secondary mb-0">
          Checking who needs attention…
        </p>
      ) : null}
      {attention.isError ? (
        <PlainAlert variant="warning" className="d-flex flex-wrap align-items-center gap-2 mb-0">
          We could not check who needs attention.
          <Button variant="outline-dark" size="sm" onClick={() => void attention.refetch()}>
            Try again
          </Button>
        </PlainAlert>
      ) : null}
      {items && items.length === 0 ? (
        <p className="text-body-secondary mb-0">No one needs attention right now.</p>
      ) : null}
      {shown && shown.length > 0 ? (
        <ul className="list-unstyled d-grid gap-2 mb-0">
          {shown.map((item) => (
            <AttentionItem
              key={item.client_id}
              item={item}
              today={today}
              onReviewStart={onReviewStart}
              onReviewFailed={onReviewFailed}
            />
          ))}
        </ul>
      ) : null}
      {items && items.length > FIRST_SHOWN ? (
        <Button
          variant="link"
          className="px-0 mt-2"
          aria-expanded={showAll}
          onClick={() => setShowAll((all) => !all)}
        >
          {showAll ? 'Show fewer' : `Show all ${items.length}`}
        </Button>
      ) : null}
    </section>
  );
}
