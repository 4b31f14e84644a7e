import { Trans, useLingui } from '@lingui/react/macro';
import type { TFeedback } from '@hep/shared/schemas/feedback';
import { EffortBar } from './effort-bar';
import { FeedbackMedia, hasFeedbackMedia } from './feedback-media';
import { formatSubmittedAt } from '../utils/feedback-format';
import { PainLine } from './pain-line';

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
  const { t } = useLingui();
  return (
    <section className="card mb-3" aria-label={t`Client Feedback: ${exerciseName}`}>
      <div className="card-body">
        <h4 className="h5 card-title">
          <Trans>Client Feedback</Trans>
        </h4>
        {feedback ? (
          <>
            <p className="text-body-secondary">
              <Trans>
                Submitted <time dateTime={feedback.created_at}>{formatSubmittedAt(feedback.created_at)}</time>
              </Trans>
            </p>
            <EffortBar rating={feedback.effort_rating} />
            <PainLine pain={feedback.pain} />
            {feedback.feeling ? (
              <>
                <p className="fw-semibold mb-1">
                  <Trans>How it felt</Trans>
                </p>
                <p className="feedback-feeling">{feedback.feeling}</p>
              </>
            ) : null}
            {hasFeedbackMedia(feedback) ? (
              <FeedbackMedia feedback={feedback} label={exerciseName} onMediaError={onMediaError} />
            ) : (
              <p className="text-body-secondary mb-0">
                <Trans>No photo or video was sent with this feedback.</Trans>
              </p>
            )}
          </>
        ) : (
          <p className="mb-0">
            <Trans>No feedback submitted yet for this exercise.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
