import './feedback-ui.css';
import { useLingui } from '@lingui/react/macro';

type TFeedbackMediaUrls = { image_url: string | null; video_url: string | null };

/** Whether the client sent a photo or video with this feedback. */
export const hasFeedbackMedia = (feedback: TFeedbackMediaUrls) =>
  Boolean(feedback.image_url || feedback.video_url);

interface FeedbackMediaProps {
  feedback: TFeedbackMediaUrls;
  /** Names the photo or video for screen readers, e.g. the exercise's name. */
  label: string;
  /** A signed media URL stopped working (they expire after an hour): the page may fetch fresh ones. */
  onMediaError?: () => void;
}

/**
 * The client's photo or video of a feedback from its signed same-origin URL; nothing when none was sent (each page
 * says so once: docs/product/feedback-and-progress.md#feedback-card).
 */
export function FeedbackMedia({ feedback, label, onMediaError }: FeedbackMediaProps) {
  const { t } = useLingui();
  if (!hasFeedbackMedia(feedback)) return null;
  return (
    <div className="d-grid gap-3">
      {feedback.image_url ? (
        <img
          src={feedback.image_url}
          alt={t`Feedback photo: ${label}`}
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
          aria-label={t`Feedback video: ${label}`}
          className="feedback-media"
          onError={onMediaError}
        />
      ) : null}
    </div>
  );
}
