import { LANGUAGES, type TLanguage } from '@hep/shared/languages';

/** The language one tag of an Accept-Language header reads, or null when we have none for it. */
function languageOfTag(tag: string): TLanguage | null {
  const lower = tag.toLowerCase();
  // Simplified Chinese is what `zh` alone, mainland China and Singapore read; Traditional (zh-Hant, zh-TW) is not it.
  if (lower === 'zh' || lower.startsWith('zh-hans') || lower === 'zh-cn' || lower === 'zh-sg')
    return 'zh-Hans';
  if (lower.startsWith('zh')) return null;
  const base = lower.split('-')[0];
  return LANGUAGES.find((language) => language === base) ?? null;
}

/**
 * The best of our languages for an Accept-Language header (`es-MX, en;q=0.8`): the tags by their q-values, highest
 * first and in the header's order among equals, the first we have; English when none is (docs/product/languages.md).
 */
export function languageFromAcceptLanguage(header: string | undefined): TLanguage {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}
