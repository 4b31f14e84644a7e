/** What the library is searched for: words (prefix matches while typing) and tags an item must all carry. */
export interface TLibrarySearch {
  q: string;
  tags: string[];
}

export const libraryKeys = {
  all: ['library'] as const,
  lists: () => ['library', 'exercises'] as const,
  search: ({ q, tags }: TLibrarySearch) => ['library', 'exercises', { q, tags }] as const,
  tags: () => ['library', 'tags'] as const,
};
