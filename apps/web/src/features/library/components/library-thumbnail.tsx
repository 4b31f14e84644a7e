import { Image as ImageIcon } from 'react-bootstrap-icons';

/** A library item's photo, small and square, or an empty frame of the same size so that rows line up. */
export function LibraryThumbnail({ url, onError }: { url: string | null; onError?: () => void }) {
  if (!url) {
    return (
      <span className="library-thumbnail library-thumbnail-empty" aria-hidden="true">
        <ImageIcon size={22} />
      </span>
    );
  }
  // Decorative: the item's name next to it says what it shows.
  return <img className="library-thumbnail" src={url} alt="" loading="lazy" onError={onError} />;
}
