import { useEffect, useRef } from 'react';
import { Image as ImageIcon } from 'react-bootstrap-icons';
import { useFormContext, useWatch } from 'react-hook-form';
import type { ProgramFormValues } from './program-form-values';

/**
 * The exercise's photo, small, for its collapsed card: the newly chosen file (shown from memory, never uploaded
 * for this), else the current photo it keeps, else an empty frame so that every card lines up. Decorative: the
 * card's name says what it is.
 */
export function ProgramFormThumbnail({ index }: { index: number }) {
  const { control } = useFormContext<ProgramFormValues>();
  const file = useWatch({ control, name: `exercises.${index}.image` });
  const existingUrl = useWatch({ control, name: `exercises.${index}.existing_image_url` });
  const keep = useWatch({ control, name: `exercises.${index}.keep_image` });
  const imgRef = useRef<HTMLImageElement>(null);

  // The object URL is made and revoked with the effect, so it never outlives the file it shows.
  useEffect(() => {
    const img = imgRef.current;
    if (!file || !img) return;
    const url = URL.createObjectURL(file);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const existing = existingUrl && keep ? existingUrl : null;
  if (!file && !existing) {
    return (
      <span className="program-thumbnail program-thumbnail-empty" aria-hidden="true">
        <ImageIcon size={20} />
      </span>
    );
  }
  // With a file the effect sets src; React leaves it alone while the prop is undefined.
  return <img ref={imgRef} className="program-thumbnail" src={file ? undefined : existing!} alt="" />;
}
