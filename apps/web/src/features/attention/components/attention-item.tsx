import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import type { TAttentionItem } from '@hep/shared/schemas/attention';
import { errorMessage } from '../../../lib/api-error';
import { useReviewAttention } from '../api/review-attention';
import { attentionReasonLink, attentionReasonText } from '../utils/attention-words';
import { AttentionReasonIcon } from './attention-reason-icon';

const REVIEW_FAILED = 'This could not be marked as reviewed. Please try again.';

/** The id of a client's name link, which takes the focus when the client before it is marked reviewed. */
export function attentionNameId(clientId: number): string {
  return `attention-client-${clientId}`;
}

interface AttentionItemProps {
  item: TAttentionItem;
  today: string;
  /** Called as Mark reviewed is pressed, so that the list can move the focus once the item is gone. */
  onReviewStart: (clientId: number) => void;
  onReviewFailed: (clientId: number) => void;
}

/** One client who needs a look: the name (to the client page), each reason as a link, and Mark reviewed. */
export function AttentionItem({ item, today, onReviewStart, onReviewFailed }: AttentionItemProps) {
  const review = useReviewAttention();
  const codes = item.reasons.map((reason) => reason.code);
  const markReviewed = () => {
    onReviewStart(item.client_id);
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
          <ul className="list-unstyled mb-0 d-grid gap-1" aria-label={`Why ${item.name} needs attention`}>
            {item.reasons.map((reason) => (
              <li key={reason.code} className="d-flex align-items-baseline gap-2">
                <AttentionReasonIcon code={reason.code} />
                <Link to={attentionReasonLink(reason, item.client_id)} className="text-break">
                  {attentionReasonText(reason, today)}
                </Link>
              </li>
            ))}
          </ul>
          {review.isError ? (
            <p role="alert" className="text-danger fw-semibold mb-0">
              {errorMessage(review.error, REVIEW_FAILED)}
            </p>
          ) : null}
        </div>
        <div className="flex-shrink-0">
          <Button variant="outline-primary" onClick={markReviewed} disabled={review.isPending}>
            {review.isPending ? 'Saving…' : 'Mark reviewed'}
            <span className="visually-hidden">{` for ${item.name}`}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
