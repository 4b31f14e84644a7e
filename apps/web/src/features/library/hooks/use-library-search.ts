import { useMemo, useState } from 'react';
import { useLibraryPages } from '../api/get-library-exercises';
import type { TLibrarySearch } from '../api/library-keys';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** Typing pauses this long before the search goes out: quick enough to feel live, few enough requests. */
export const LIBRARY_SEARCH_DEBOUNCE_MS = 250;

/**
 * The library's search as the picker and the Library page use it: the words typed (sent once typing pauses), the
 * chosen tags (sent at once), and the pages of results for them.
 */
export function useLibrarySearch() {
  const [text, setText] = useState('');
  const [tags, setTags] = useState<string[]>([]);
  const q = useDebouncedValue(text.trim(), LIBRARY_SEARCH_DEBOUNCE_MS);
  const search = useMemo<TLibrarySearch>(() => ({ q, tags }), [q, tags]);
  const pages = useLibraryPages(search);

  const toggleTag = (tag: string) =>
    setTags((current) => (current.includes(tag) ? current.filter((t) => t !== tag) : [...current, tag]));

  const items = useMemo(() => pages.data?.pages.flatMap((page) => page.results) ?? [], [pages.data]);
  const count = pages.data?.pages[0]?.count ?? 0;
  // A new search shows the last one's items until its own answer arrives, and says it is searching.
  const searching = pages.isPending || pages.isPlaceholderData || text.trim() !== q;

  return { text, setText, tags, toggleTag, pages, items, count, searching };
}

export type TLibrarySearchState = ReturnType<typeof useLibrarySearch>;
