import { Link } from 'react-router';
import { Reply } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { EffortBar } from './effort-bar';
import { FeedbackMedia } from './feedback-media';
import { formatFeedbackDate } from '../utils/feedback-format';
import { PainLine } from './pain-line';

interface FeedbackEntryCardProps {
  entry: TFeedback;
  exerciseName: string;
  onMediaError?: () => void;
  /** The conversation about this exercise and day (docs/product/messages.md#web), when the reader is in it. */
  replyTo?: string | null;
}

/** Who gave feedback for the client (docs/product/carers.md#levels): "Entered by Maria Lopez (carer)". */
function EnteredBy({ name }: { name: string }) {
  return (
    <p className="text-body-secondary mb-2">
      <Trans>Entered by {name} (carer)</Trans>
    </p>
  );
}

/** One day's feedback in the history: the date, the effort bar, how they felt, their photo or video, and Reply. */
export function FeedbackEntryCard({ entry, exerciseName, onMediaError, replyTo }: FeedbackEntryCardProps) {
  const { t } = useLingui();
  const date = formatFeedbackDate(entry.date_completed);
  return (
    <li className="card">
      <article className="card-body" aria-label={t`Feedback of ${date}`}>
        <h3 className="h5 card-title">
          <time dateTime={entry.date_completed}>{date}</time>
        </h3>
        {entry.entered_by ? <EnteredBy name={entry.entered_by.name} /> : null}
        <EffortBar rating={entry.effort_rating} />
        <PainLine pain={entry.pain} />
        {entry.feeling ? (
          <>
            <p className="fw-semibold mb-1">
              <Trans>How they felt</Trans>
            </p>
            <p className="feedback-feeling">{entry.feeling}</p>
          </>
        ) : null}
        <FeedbackMedia feedback={entry} label={`${exerciseName}, ${date}`} onMediaError={onMediaError} />
        {replyTo ? (
          <Link to={replyTo} className="btn btn-outline-primary mt-3 d-inline-flex align-items-center gap-2">
            <Reply aria-hidden="true" className="flip-rtl" />
            <Trans>
              Reply<span className="visually-hidden"> about {date}</span>
            </Trans>
          </Link>
        ) : null}
      </article>
    </li>
  );
}
