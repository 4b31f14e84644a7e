/** Words past this many add nothing a person typing would notice, and only make the query slower. */
const MAX_WORDS = 8;

/**
 * The tsquery text for what a person typed (docs/product/library-and-templates.md#search-and-tags): every word must
 * match, each as a prefix, so results come while typing ("bala" finds "balance"). Anything that is not a letter or a
 * digit separates words, so the text can never carry tsquery syntax. Null when no word is left (then the list is not
 * searched).
 */
export function prefixTsquery(typed: string | undefined): string | null {
  const words = (typed ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}
