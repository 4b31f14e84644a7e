import { painInWords } from '@hep/shared/domain/pain';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { EffortBar } from './effort-bar';
import { FeedbackMedia } from './feedback-media';
import { formatFeedbackDate } from '../utils/feedback-format';

interface FeedbackEntryCardProps {
  entry: TFeedback;
  exerciseName: string;
  onMediaError?: () => void;
}

/** One day's feedback in the history: the date, the effort bar, how they felt, their photo or video. */
export function FeedbackEntryCard({ entry, exerciseName, onMediaError }: FeedbackEntryCardProps) {
  const date = formatFeedbackDate(entry.date_completed);
  return (
    <li className="card">
      <article className="card-body" aria-label={`Feedback of ${date}`}>
        <h3 className="h5 card-title">
          <time dateTime={entry.date_completed}>{date}</time>
        </h3>
        <EffortBar rating={entry.effort_rating} />
        {entry.pain === null ? null : <p className="fw-semibold">{painInWords(entry.pain)}</p>}
        {entry.feeling ? (
          <>
            <p className="fw-semibold mb-1">How they felt</p>
            <p className="feedback-feeling">{entry.feeling}</p>
          </>
        ) : null}
        <FeedbackMedia feedback={entry} label={`${exerciseName}, ${date}`} onMediaError={onMediaError} />
      </article>
    </li>
  );
}
