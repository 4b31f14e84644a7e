import { describe } from 'vitest';
import { reflowReport } from './support/a11y-checks';
import { testEveryA11yPage } from './support/a11y-journey';
import { PHONE, useBrowser } from './support/browser';
import { collectData, untranslatedTexts } from './support/untranslated';

// The pseudo-locale sweep (docs/product/languages.md): every page of every role in the pseudo-locale, where each
// text from the catalog reads accented and 40% longer ("Ŝàvē ẋẋ"). A visible text in plain English letters that is
// neither data the page was sent (a name, an exercise a therapist wrote) nor a date from Intl was written into the
// code instead of the catalog: the test names it. Longer texts must not be cut off or make the page scroll sideways.

const browser = useBrowser();

describe('every page in the pseudo-locale: no text outside the catalog', () => {
  testEveryA11yPage(
    browser,
    PHONE,
    async ({ page, entry, ids, expect }) => {
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
      expect(await untranslatedTexts(page), `${entry.name} (${entry.path(ids)})`).toEqual([]);
      const report = await page.evaluate(reflowReport, { minText: 0, minTarget: 0 });
      expect(
        [
          ...(report.scrollWidth > PHONE.width ? [`scrolls sideways: ${report.scrollWidth}px wide`] : []),
          ...report.clipped.map((c) => `clipped: ${c}`),
        ],
        `${entry.name} with texts 40% longer`,
      ).toEqual([]);
    },
    { language: 'pseudo', onPage: collectData },
  );
});
