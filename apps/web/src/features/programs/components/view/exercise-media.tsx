import { Trans, useLingui } from '@lingui/react/macro';
import type { TExercise } from '@hep/shared/schemas/programs';

interface ExerciseMediaProps {
  exercise: TExercise;
  /** A signed media URL stopped working (they expire after an hour): the page may fetch fresh ones. */
  onMediaError?: () => void;
  /** The photo and video's frame (by default a grid with room under it). */
  className?: string;
}

/** The exercise's photo and/or video from their signed same-origin URLs, or a line saying there is none. */
export function ExerciseMedia({
  exercise,
  onMediaError,
  className = 'd-grid gap-3 mb-3',
}: ExerciseMediaProps) {
  const { t } = useLingui();
  const name = exercise.name;
  if (!exercise.image_url && !exercise.video_url) {
    return (
      <p className="text-body-secondary">
        <Trans>No images or videos for this exercise.</Trans>
      </p>
    );
  }
  return (
    <div className={className}>
      {exercise.image_url ? (
        <img
          src={exercise.image_url}
          alt={exercise.name}
          loading="lazy"
          decoding="async"
          className="exercise-media"
          onError={onMediaError}
        />
      ) : null}
      {exercise.video_url ? (
        <video
          src={exercise.video_url}
          controls
          preload="metadata"
          playsInline
          aria-label={t`${name} video`}
          className="exercise-media"
          onError={onMediaError}
        />
      ) : null}
    </div>
  );
}
