import { useRef } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TAttentionItem } from '@hep/shared/schemas/attention';
import { errorMessage } from '../../../lib/api-error';
import { useReviewAttention } from '../api/review-attention';
import { attentionReasonLink, attentionReasonText } from '../utils/attention-words';
import { AttentionReasonIcon } from './attention-reason-icon';

/** The id of a client's name link, which can take the focus when a row near it leaves the list. */
export function attentionNameId(clientId: number): string {
  return `attention-client-${clientId}`;
}

/** The id of a client's Mark reviewed, which takes the focus back after Undo. */
export function attentionReviewId(clientId: number): string {
  return `attention-review-${clientId}`;
}

interface AttentionItemProps {
  item: TAttentionItem;
  today: string;
  /** Mark reviewed was pressed; `hadFocus`: the keyboard focus was on it (Undo takes it over). */
  onReviewStart: (item: TAttentionItem, hadFocus: boolean) => void;
  onReviewed: (clientId: number) => void;
  onReviewFailed: (clientId: number) => void;
}

/** One client who needs a look: the name (to the client page), each reason as a link, and Mark reviewed. */
export function AttentionItem({
  item,
  today,
  onReviewStart,
  onReviewed,
  onReviewFailed,
}: AttentionItemProps) {
  const { t } = useLingui();
  const { name } = item;
  const review = useReviewAttention(({ clientId }) => onReviewed(clientId));
  const buttonRef = useRef<HTMLButtonElement>(null);
  const codes = item.reasons.map((reason) => reason.code);
  const markReviewed = () => {
    onReviewStart(item, document.activeElement === buttonRef.current);
    review.mutate({ clientId: item.client_id, codes }, { onError: () => onReviewFailed(item.client_id) });
  };

  return (
    <li className="card attention-item">
      {/* On a phone the button sits under the reasons; from tablet width on, beside them (one row less each). */}
      <div className="card-body d-flex flex-column flex-md-row align-items-md-start gap-2">
        <div className="flex-grow-1 d-grid gap-2" style={{ minWidth: 0 }}>
          <h3 className="h5 mb-0 text-break">
            <Link id={attentionNameId(item.client_id)} to={`/client/${item.client_id}`}>
              {item.name}
            </Link>
          </h3>
          <ul className="list-unstyled mb-0 d-grid gap-1" aria-label={t`Why ${name} needs attention`}>
            {item.reasons.map((reason) => (
              <li key={reason.code} className="d-flex align-items-baseline gap-2">
                <AttentionReasonIcon code={reason.code} />
                <Link to={attentionReasonLink(reason, item.client_id)} className="text-break">
                  {t(attentionReasonText(reason, today))}
                </Link>
              </li>
            ))}
          </ul>
          {review.isError ? (
            <p role="alert" className="text-danger fw-semibold mb-0">
              {errorMessage(review.error, t`This could not be marked as reviewed. Please try again.`)}
            </p>
          ) : null}
        </div>
        <div className="flex-shrink-0">
          <Button
            ref={buttonRef}
            id={attentionReviewId(item.client_id)}
            variant="outline-primary"
            onClick={markReviewed}
            disabled={review.isPending}
          >
            {review.isPending ? (
              <Trans>Saving…</Trans>
            ) : (
              <Trans>
                Mark reviewed<span className="visually-hidden"> for {name}</span>
              </Trans>
            )}
          </Button>
        </div>
      </div>
    </li>
  );
}
