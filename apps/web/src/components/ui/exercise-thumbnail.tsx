import { useEffect, useRef } from 'react';
import { Image as ImageIcon } from 'react-bootstrap-icons';
import './exercise-media.css';

interface ExerciseThumbnailProps {
  /** A newly chosen file (shown from memory, never uploaded for this), a saved photo's URL, or none. */
  photo: File | string | null;
  onError?: () => void;
}

/**
 * An exercise's photo, small and square, wherever exercises are listed; without one, an empty frame of the same size
 * so that every row lines up. Decorative: the exercise's name beside it says what it is.
 */
export function ExerciseThumbnail({ photo, onError }: ExerciseThumbnailProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const file = photo instanceof File ? photo : null;

  // The object URL is made and revoked with the effect, so it never outlives the file it shows.
  useEffect(() => {
    const img = imgRef.current;
    if (!file || !img) return;
    const url = URL.createObjectURL(file);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  if (!photo) {
    return (
      <span className="exercise-thumbnail exercise-thumbnail-empty" aria-hidden="true">
        <ImageIcon size={20} />
      </span>
    );
  }
  // With a file the effect sets src; React leaves it alone while the prop is undefined.
  return (
    <img
      ref={imgRef}
      className="exercise-thumbnail"
      src={file ? undefined : (photo as string)}
      alt=""
      loading="lazy"
      onError={onError}
    />
  );
}
