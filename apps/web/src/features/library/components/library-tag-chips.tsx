import { useState } from 'react';
import { CheckLg } from 'react-bootstrap-icons';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLibraryTags } from '../api/get-library-tags';

/** The most used tags show at first; the rest wait behind "More tags", so that the results stay near the top. */
const FIRST_TAGS = 12;

interface LibraryTagChipsProps {
  selected: string[];
  onToggle: (tag: string) => void;
}

/**
 * The tags to filter by, most used first, each a toggle button (aria-pressed). One scrolling row on a phone; they
 * wrap on a wider screen. Tags that fail to load leave the search by words.
 */
export function LibraryTagChips({ selected, onToggle }: LibraryTagChipsProps) {
  const tags = useLibraryTags();
  const [showAll, setShowAll] = useState(false);
  const { t } = useLingui();
  const known = tags.data?.map((t) => t.tag) ?? [];
  // A chosen tag stays on screen even when the list no longer carries it, or it is not among the first.
  const first = showAll ? known : known.slice(0, FIRST_TAGS);
  const shown = [...selected.filter((tag) => !first.includes(tag)), ...first];
  const hidden = known.length - FIRST_TAGS;
  if (shown.length === 0) return null;
  return (
    <div role="group" aria-label={t`Filter by tag`} className="library-chips">
      {shown.map((tag) => {
        const pressed = selected.includes(tag);
        return (
          <button
            key={tag}
            type="button"
            className={`btn btn-sm library-chip${pressed ? ' btn-primary' : ' btn-outline-primary'}`}
            aria-pressed={pressed}
            onClick={() => onToggle(tag)}
          >
            {pressed ? <CheckLg aria-hidden="true" /> : null}
            {tag}
          </button>
        );
      })}
      {known.length > FIRST_TAGS ? (
        <button
          type="button"
          className="btn btn-sm btn-link library-chip"
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? <Trans>Fewer tags</Trans> : <Trans>More tags ({hidden})</Trans>}
        </button>
      ) : null}
    </div>
  );
}
