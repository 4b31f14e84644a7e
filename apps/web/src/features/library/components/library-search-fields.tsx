import type { Ref } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TLibrarySearchState } from '../hooks/use-library-search';
import { LibraryTagChips } from './library-tag-chips';

interface LibrarySearchFieldsProps {
  /** Prefix of element ids, so the picker and the page never share one. */
  id: string;
  search: TLibrarySearchState;
  inputRef?: Ref<HTMLInputElement>;
}

/** Search as you type, and the tag chips under it. */
export function LibrarySearchFields({ id, search, inputRef }: LibrarySearchFieldsProps) {
  const { t } = useLingui();
  return (
    <form
      role="search"
      aria-label={t`Search the library`}
      className="library-search"
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor={`${id}-q`} className="form-label fw-semibold">
        <Trans comment="label of the library's search box">Search</Trans>
      </label>
      <input
        ref={inputRef}
        id={`${id}-q`}
        type="search"
        className="form-control mb-2"
        placeholder={t`For example: balance, sit to stand, hand`}
        value={search.text}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => search.setText(event.target.value)}
      />
      <LibraryTagChips selected={search.tags} onToggle={search.toggleTag} />
    </form>
  );
}
