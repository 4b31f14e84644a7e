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
}

/** One day's feedback in the history: the date, the effort bar, how they felt, their photo or video. */
export function FeedbackEntryCard({ entry, exerciseName, onMediaError }: FeedbackEntryCardProps) {
  const { t } = useLingui();
  const date = formatFeedbackDate(entry.date_completed);
  return (
    <li className="card">
      <article className="card-body" aria-label={t`Feedback of ${date}`}>
        <h3 className="h5 card-title">
          <time dateTime={entry.date_completed}>{date}</time>
        </h3>
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
      </article>
    </li>
  );
}
