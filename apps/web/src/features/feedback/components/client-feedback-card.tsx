import { MESSAGES } from '@hep/shared/messages';
import { painInWords } from '@hep/shared/domain/pain';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { EffortBar } from './effort-bar';
import { FeedbackMedia, hasFeedbackMedia } from './feedback-media';
import { formatSubmittedAt } from '../utils/feedback-format';

interface ClientFeedbackCardProps {
  exerciseName: string;
  /** The client's entry for the exercise on the day shown, or null. */
  feedback: TFeedback | null;
  onMediaError?: () => void;
}

/**
 * The care team's card of the day's feedback for one exercise (docs/product/feedback-and-progress.md#feedback-card).
 */
export function ClientFeedbackCard({ exerciseName, feedback, onMediaError }: ClientFeedbackCardProps) {
  return (
    <section className="card mb-3" aria-label={`${MESSAGES.clientFeedback}: ${exerciseName}`}>
      <div className="card-body">
        <h4 className="h5 card-title">{MESSAGES.clientFeedback}</h4>
        {feedback ? (
          <>
            <p className="text-body-secondary">
              Submitted <time dateTime={feedback.created_at}>{formatSubmittedAt(feedback.created_at)}</time>
            </p>
            <EffortBar rating={feedback.effort_rating} />
            {feedback.pain === null ? null : <p className="fw-semibold">{painInWords(feedback.pain)}</p>}
            {feedback.feeling ? (
              <>
                <p className="fw-semibold mb-1">How it felt</p>
                <p className="feedback-feeling">{feedback.feeling}</p>
              </>
            ) : null}
            {hasFeedbackMedia(feedback) ? (
              <FeedbackMedia feedback={feedback} label={exerciseName} onMediaError={onMediaError} />
            ) : (
              <p className="text-body-secondary mb-0">{MESSAGES.noFeedbackMedia}</p>
            )}
          </>
        ) : (
          <p className="mb-0">{MESSAGES.noFeedbackYet}</p>
        )}
      </div>
    </section>
  );
}
