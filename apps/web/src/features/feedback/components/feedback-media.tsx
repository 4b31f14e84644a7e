import './feedback-ui.css';
import { MESSAGES } from '@hep/shared/messages';

interface FeedbackMediaProps {
  feedback: { image_url: string | null; video_url: string | null };
  /** Names the photo or video for screen readers, e.g. the exercise's name. */
  label: string;
  /** A signed media URL stopped working (they expire after an hour): the page may fetch fresh ones. */
  onMediaError?: () => void;
}

/**
 * The client's photo or video of a feedback from its signed same-origin URL, or the line saying none
 * (docs/product/feedback-and-progress.md#feedback-card).
 */
export function FeedbackMedia({ feedback, label, onMediaError }: FeedbackMediaProps) {
  if (!feedback.image_url && !feedback.video_url) {
    return <p className="text-body-secondary mb-0">{MESSAGES.noFeedbackMedia}</p>;
  }
  return (
    <div className="d-grid gap-3">
      {feedback.image_url ? (
        <img
          src={feedback.image_url}
          alt={`Feedback photo: ${label}`}
          loading="lazy"
          decoding="async"
          className="feedback-media"
          onError={onMediaError}
        />
      ) : null}
      {feedback.video_url ? (
        <video
          src={feedback.video_url}
          controls
          preload="metadata"
          playsInline
          aria-label={`Feedback video: ${label}`}
          className="feedback-media"
          onError={onMediaError}
        />
      ) : null}
    </div>
  );
}
