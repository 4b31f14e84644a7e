import type { Page } from 'playwright-core';

// What a page shows that did not come from the catalog (e2e/i18n-pseudo.test.ts, e2e/languages.test.ts): a visible
// text in plain English letters that is neither data the page was sent nor a date Intl wrote.

/** Every word of every string in the JSON the pages were sent: data, shown as written. */
export const dataWords = new Set<string>();

/** Keeps every word of every JSON answer the page gets, as data (shown as written). */
export function collectData(page: Page) {
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    response.json().then(
      (body: unknown) => collectStrings(body),
      () => undefined,
    );
  });
}
function collectStrings(value: unknown): void {
  if (typeof value === 'string') for (const word of value.match(/[A-Za-z]+/g) ?? []) dataWords.add(word);
  else if (Array.isArray(value)) value.forEach(collectStrings);
  else if (value && typeof value === 'object') Object.values(value).forEach(collectStrings);
}

/**
 * Words Intl writes (the pseudo-locale formats as English does): month and weekday names, "and" in a list of days.
 * And "English", which the language select and My Details write in its own language, as every language's name is.
 */
const INTL_WORDS = new Set<string>(['AM', 'PM', 'am', 'pm', 'English']);
const addWords = (text: string) => text.match(/[A-Za-z]+/g)?.forEach((word) => INTL_WORDS.add(word));
const formats = (['long', 'short'] as const).flatMap((width) => [
  new Intl.DateTimeFormat('en', { month: width }),
  new Intl.DateTimeFormat('en', { weekday: width }),
]);
for (let day = 0; day < 366; day += 1)
  for (const format of formats) addWords(format.format(new Date(Date.UTC(2026, 0, 1 + day))));
addWords(new Intl.ListFormat('en-AU', { type: 'conjunction' }).format(['a', 'b', 'c']));

/** Runs in the page: the visible texts and accessible names that hold a word of three or more plain letters. */
export function plainTexts(): string[] {
  const accented = /[\u00C0-\u024F\u1E00-\u1EFF]/;
  const found = new Set<string>();
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && style.visibility !== 'hidden';
  };
  const consider = (text: string | null) => {
    const trimmed = (text ?? '').trim().replace(/\s+/g, ' ');
    if (/[A-Za-z]{3,}/.test(trimmed) && !accented.test(trimmed)) found.add(trimmed);
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript') || !visible(parent)) continue;
    consider(node.textContent);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    if (!visible(el)) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) consider(el.getAttribute(name));
  }
  return [...found];
}

/** The texts of the page in plain English that are not data or dates: written into the code, not the catalog. */
export async function untranslatedTexts(page: Page): Promise<string[]> {
  return (await page.evaluate(plainTexts)).filter((text) =>
    (text.match(/[A-Za-z]{3,}/g) ?? []).some((word) => !dataWords.has(word) && !INTL_WORDS.has(word)),
  );
}
